import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert } from '@tradeboard/shared/ui';
import { Input, Select } from '@tradeboard/shared/ui/edit';
import { errorMessage } from '@tradeboard/shared/web';
import { saveUserDefinedValues, useUserDefinedFields, type UdfFieldValue, type UdfMeta, type UdfTable } from '../api/settings.ts';

type Draft = Record<string, string>;

const textOf = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** What is wrong with a value for its field (the server checks the same and answers 400), or null. */
function problemOf(field: UdfMeta, text: string): string | null {
  const value = text.trim();
  if (!value) return field.isRequired ? `${field.label} is required.` : null;
  if (field.fieldType === 'Number' && !Number.isFinite(Number(value))) return `${field.label} must be a number.`;
  if (field.fieldType === 'Date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${field.label} must be a date.`;
  return null;
}

/**
 * An editor's user-defined fields (issue 27): the entity's active fields with the record's values,
 * what the user changed, a check by type before saving and the save after the record's own.
 */
export function useUserDefinedDraft(table: UdfTable, recordId: string | null, company?: string) {
  const read = useUserDefinedFields(table, recordId ? [recordId] : [], company);
  const fields = useMemo(() => read.data?.fields ?? [], [read.data]);
  const stored = useMemo(() => {
    const values = read.data?.values.find((v) => v.recordId === recordId)?.values ?? [];
    return Object.fromEntries(values.map((v) => [v.fieldName, textOf(v.value)])) as Draft;
  }, [read.data, recordId]);
  const [draft, setDraft] = useState<Draft>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  useEffect(() => setDraft(stored), [stored]);

  const changed = (): UdfFieldValue[] =>
    fields
      .filter((f) => (draft[f.fieldName] ?? '') !== (stored[f.fieldName] ?? '') || (f.isRequired && !(draft[f.fieldName] ?? '').trim()))
      .map((f) => {
        const text = (draft[f.fieldName] ?? '').trim();
        return { fieldName: f.fieldName, value: text === '' ? null : f.fieldType === 'Number' ? Number(text) : text };
      });

  return {
    fields,
    draft,
    problems,
    loading: read.isLoading,
    error: read.error ? errorMessage(read.error) : null,
    setValue: (fieldName: string, value: string) => {
      setDraft((current) => ({ ...current, [fieldName]: value }));
      setProblems(({ [fieldName]: _, ...rest }) => rest);
    },
    /** The first problem (every one is shown by its field), or null when all values fit their types. */
    check: (): string | null => {
      const found = Object.fromEntries(fields.map((f) => [f.fieldName, problemOf(f, draft[f.fieldName] ?? '')]).filter(([, problem]) => problem)) as Record<string, string>;
      setProblems(found);
      return Object.values(found)[0] ?? null;
    },
    /** Saves what changed on the saved record (its id now known). */
    save: (savedId: string, savedCompany?: string) => saveUserDefinedValues(table, savedId, changed(), savedCompany ?? company),
  };
}

export type UserDefinedDraft = ReturnType<typeof useUserDefinedDraft>;

/** The fields' inputs, each labelled and typed; a field's problem is shown under it. */
export function UserDefinedInputs({ draft, idPrefix }: { draft: UserDefinedDraft; idPrefix: string }): ReactNode {
  if (draft.error) return <Alert type="error" showIcon title="The user-defined fields could not be loaded" description={draft.error} />;
  if (!draft.fields.length) return null;
  return (
    <fieldset className="tb-crm-udf">
      <legend>More fields</legend>
      {draft.fields.map((field) => {
        const id = `${idPrefix}-udf-${field.fieldName}`;
        const value = draft.draft[field.fieldName] ?? '';
        const problem = draft.problems[field.fieldName];
        const common = { id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem ? `${id}-problem` : undefined, status: problem ? ('error' as const) : undefined };
        return (
          <div className="tb-crm-field" key={field.fieldName}>
            <label htmlFor={id}>
              {field.label}
              {field.isRequired && <span aria-hidden="true"> *</span>}
            </label>
            {field.fieldType === 'Choice' ? (
              <Select
                {...common}
                aria-label={field.label}
                allowClear={!field.isRequired}
                value={value || undefined}
                placeholder="Choose…"
                onChange={(choice?: string) => draft.setValue(field.fieldName, choice ?? '')}
                options={field.choices.map((choice) => ({ value: choice, label: choice }))}
              />
            ) : (
              <Input
                {...common}
                type={field.fieldType === 'Number' ? 'number' : field.fieldType === 'Date' ? 'date' : 'text'}
                inputMode={field.fieldType === 'Number' ? 'decimal' : undefined}
                maxLength={500}
                value={value}
                required={field.isRequired}
                onChange={(event) => draft.setValue(field.fieldName, event.target.value)}
              />
            )}
            {problem && (
              <span id={`${id}-problem`} className="tb-crm-udf__problem" role="alert">
                {problem}
              </span>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/** A list's column values: the page's records' values by record and field. */
export function useUserDefinedColumns<R>(table: UdfTable, rows: readonly R[], idOf: (row: R) => string) {
  // The call reads up to 100 records' values (a list page holds fewer).
  const read = useUserDefinedFields(table, rows.slice(0, 100).map(idOf));
  const byRecord = new Map((read.data?.values ?? []).map((r) => [r.recordId, new Map(r.values.map((v) => [v.fieldName, v.value]))]));
  return (read.data?.fields ?? []).map((field) => ({
    title: field.label,
    key: `udf-${field.fieldName}`,
    width: 140,
    render: (_: unknown, row: R) => textOf(byRecord.get(idOf(row))?.get(field.fieldName)),
  }));
}

/** A list's filter on one of its user-defined fields: the records holding this value. */
export type FieldFilter = { fieldName: string; value: string };

/**
 * The list toolbar's filter on a user-defined field: choose the field, then its value (a choice
 * from its choices, else typed and applied with Enter); clearing the field clears the filter.
 */
export function UserDefinedFilter({ table, value, onChange }: { table: UdfTable; value: FieldFilter | null; onChange: (filter: FieldFilter | null) => void }): ReactNode {
  const fields = useUserDefinedFields(table).data?.fields ?? [];
  const [fieldName, setFieldName] = useState<string | undefined>(value?.fieldName);
  const field = fields.find((f) => f.fieldName === fieldName);
  if (!fields.length) return null;
  const apply = (text: string | undefined) => onChange(field && text?.trim() ? { fieldName: field.fieldName, value: text.trim() } : null);
  return (
    <span className="tb-crm-toolbar__field-filter">
      <Select
        aria-label="Filter on field"
        placeholder="Filter on field"
        allowClear
        value={fieldName}
        onChange={(name?: string) => {
          setFieldName(name);
          if (value) onChange(null);
        }}
        options={fields.map((f) => ({ value: f.fieldName, label: f.label }))}
      />
      {field &&
        (field.fieldType === 'Choice' ? (
          <Select
            aria-label={`${field.label} is`}
            placeholder="Any value"
            allowClear
            value={value?.fieldName === field.fieldName ? value.value : undefined}
            onChange={(choice?: string) => apply(choice)}
            options={field.choices.map((choice) => ({ value: choice, label: choice }))}
          />
        ) : (
          <Input.Search
            key={field.fieldName}
            aria-label={`${field.label} is`}
            type={field.fieldType === 'Number' ? 'number' : field.fieldType === 'Date' ? 'date' : 'text'}
            placeholder="value…"
            allowClear
            onSearch={apply}
          />
        ))}
    </span>
  );
}
