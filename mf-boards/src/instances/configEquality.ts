/** Deep equality of two JSON values with key order ignored (config "differs from the saved one", seed §4). */
export function sameJson(a: unknown, b: unknown): boolean {
  return stableStringify(a) === stableStringify(b);
}

function stableStringify(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}

/** A displayConfigs value by control name (seed §3: displayConfigs holds controlName/controlValue pairs). */
export function displayValue(config: { displayConfigs?: { controlName: string; controlValue: string }[] }, name: string): string | undefined {
  return config.displayConfigs?.find((entry) => entry.controlName === name)?.controlValue;
}

export function withDisplayValue<C extends { displayConfigs?: { controlName: string; controlValue: string }[] }>(config: C, name: string, value: string): C {
  const rest = (config.displayConfigs ?? []).filter((entry) => entry.controlName !== name);
  return { ...config, displayConfigs: [...rest, { controlName: name, controlValue: value }] };
}
