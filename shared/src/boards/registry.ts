import { sharedRemoteEntries, type RemoteSlotName, type RemoteSlots } from '@tradeboard/shared/web';
import type { ComponentType } from 'react';
import type { ComponentRenderer, RendererDeclarations, RendererModule } from './types.ts';

/** One row of /remotes/manifest.json as the registry reads it (extra fields are ignored). */
export type RemoteRow = {
  id: string;
  /** Module Federation container name (mf_boards). */
  name: string;
  entry?: string;
  enabled?: boolean;
  /** The remote's renderer declarations when the gateway carries them (else its ./manifest is loaded). */
  renderers?: RendererDeclarations;
  /** The slots the remote fills (slot → exposed module), when the gateway carries them. */
  slots?: RemoteSlots;
};

type Declared = { remote: RemoteRow; exposed: string };
type Declarations = { renderers: Map<string, Declared>; slots: Map<RemoteSlotName, Declared[]> };

export type RendererRegistryOptions = {
  /** The remotes (default: the shell's request of /remotes/manifest.json, else GET it: `remotes` array or the array itself). */
  fetchRemotes: () => Promise<RemoteRow[]>;
  /** Loads an exposed module of a remote ('./manifest', './notes') through the MF runtime. */
  loadRemote: (remote: RemoteRow, exposed: string) => Promise<unknown>;
};

/** Thrown when a renderer is declared but its module cannot be loaded or is not a component. */
export class RendererLoadError extends Error {
  override readonly name = 'RendererLoadError';
  constructor(
    readonly rendererKey: string,
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
  }
}

async function defaultFetchRemotes(): Promise<RemoteRow[]> {
  // The shell's request (made while the page's shared code loaded) when there is one; the rows carry their renderers.
  const shared = sharedRemoteEntries();
  if (shared) return (await shared) as RemoteRow[];
  const response = await fetch('/remotes/manifest.json', { credentials: 'include' });
  if (!response.ok) throw new Error(`/remotes/manifest.json: ${response.status}`);
  const data = (await response.json()) as RemoteRow[] | { remotes?: RemoteRow[] };
  return Array.isArray(data) ? data : (data.remotes ?? []);
}

function rendererOf(module: unknown): ComponentRenderer | null {
  const candidate = (module as Partial<RendererModule> | null)?.default ?? module;
  return typeof candidate === 'function' || (typeof candidate === 'object' && candidate !== null && '$$typeof' in candidate)
    ? (candidate as ComponentRenderer)
    : null;
}

/**
 * Resolves a component master's `renderer` key to a React component at run time (DESIGN §3):
 * remotes declare `renderers` (key → exposed module) in their manifests; the registry finds the
 * remote declaring the key and loads that module with the MF runtime. A remote may provide its own
 * modules locally (no round trip through its own container). Results are cached per key.
 */
export function createRendererRegistry(initial: Partial<RendererRegistryOptions> = {}) {
  let options: RendererRegistryOptions = {
    fetchRemotes: initial.fetchRemotes ?? defaultFetchRemotes,
    loadRemote:
      initial.loadRemote ??
      (() => Promise.reject(new Error('No Module Federation loader configured for the renderer registry'))),
  };
  const local = new Map<string, Map<string, () => Promise<unknown>>>();
  let declarations: Promise<Declarations> | undefined;
  const slotModules = new Map<RemoteSlotName, Promise<ComponentType<never>[]>>();
  const slotsSettled = new Map<RemoteSlotName, ComponentType<never>[]>();
  const resolved = new Map<string, Promise<ComponentRenderer | null>>();
  /** What each settled resolution answered (a renderer, or null: no remote declares the key). */
  const settled = new Map<string, ComponentRenderer | null>();

  async function loadDeclarations(): Promise<Declarations> {
    const map = new Map<string, Declared>();
    const slots = new Map<RemoteSlotName, Declared[]>();
    const remotes = (await options.fetchRemotes()).filter((remote) => remote.enabled !== false);
    await Promise.all(
      remotes.map(async (remote) => {
        let { renderers, slots: remoteSlots } = remote;
        if (!renderers) {
          try {
            type Declaring = { renderers?: RendererDeclarations; slots?: RemoteSlots };
            const manifest = (await options.loadRemote(remote, './manifest')) as (Declaring & { default?: Declaring }) | null;
            renderers = manifest?.default?.renderers ?? manifest?.renderers;
            remoteSlots ??= manifest?.default?.slots ?? manifest?.slots;
          } catch (error) {
            console.error(`The manifest of ${remote.name} could not be loaded`, error);
          }
        }
        for (const [key, exposed] of Object.entries(renderers ?? {})) {
          if (!map.has(key)) map.set(key, { remote, exposed });
        }
        for (const [slot, exposed] of Object.entries(remoteSlots ?? {}) as Array<[RemoteSlotName, string]>) {
          slots.set(slot, [...(slots.get(slot) ?? []), { remote, exposed }]);
        }
      }),
    );
    return { renderers: map, slots };
  }

  /** The components filling a slot, in the remotes' order; a module that cannot be loaded is left out (logged). */
  async function loadSlot(slot: RemoteSlotName): Promise<ComponentType<never>[]> {
    const fillers = (await declared()).slots.get(slot) ?? [];
    const modules = await Promise.all(
      fillers.map(async ({ remote, exposed }) => {
        try {
          const provider = local.get(remote.name)?.get(exposed);
          return rendererOf(provider ? await provider() : await options.loadRemote(remote, exposed));
        } catch (error) {
          console.error(`The ${slot} module ${exposed} of ${remote.name} could not be loaded`, error);
          return null;
        }
      }),
    );
    return modules.filter((module): module is ComponentRenderer => module !== null) as ComponentType<never>[];
  }

  function declared(): Promise<Declarations> {
    declarations ??= loadDeclarations().catch((error: unknown) => {
      declarations = undefined;
      throw error;
    });
    return declarations;
  }

  async function resolve(key: string): Promise<ComponentRenderer | null> {
    const found = (await declared()).renderers.get(key);
    if (!found) return null;
    const provider = local.get(found.remote.name)?.get(found.exposed);
    let module: unknown;
    try {
      module = provider ? await provider() : await options.loadRemote(found.remote, found.exposed);
    } catch (error) {
      throw new RendererLoadError(key, `The renderer "${key}" (${found.remote.name}/${found.exposed.replace(/^\.\//, '')}) could not be loaded`, error);
    }
    const renderer = rendererOf(module);
    if (!renderer) throw new RendererLoadError(key, `The module ${found.exposed} of ${found.remote.name} exports no component`);
    return renderer;
  }

  return {
    /** Replaces how remotes are listed and loaded (the MF runtime of the calling app). */
    configure(next: Partial<RendererRegistryOptions>): void {
      options = { ...options, ...next };
      declarations = undefined;
      resolved.clear();
      settled.clear();
      slotModules.clear();
      slotsSettled.clear();
    },
    /** A remote's own exposed modules, loaded without going through its container. */
    provideLocal(remoteName: string, modules: Record<string, () => Promise<unknown>>): void {
      const map = local.get(remoteName) ?? new Map<string, () => Promise<unknown>>();
      for (const [exposed, load] of Object.entries(modules)) map.set(exposed, load);
      local.set(remoteName, map);
    },
    /** Starts learning which remote declares which renderer, before the first component asks. */
    prepare(): void {
      declared().catch(() => undefined);
    },
    /** The renderer for a key; null when no remote declares it; rejects when it cannot be loaded. */
    resolve(key: string): Promise<ComponentRenderer | null> {
      let promise = resolved.get(key);
      if (!promise) {
        promise = resolve(key);
        resolved.set(key, promise);
        promise.then(
          (renderer) => void (resolved.get(key) === promise && settled.set(key, renderer)),
          () => resolved.delete(key),
        );
      }
      return promise;
    },
    /**
     * What an earlier resolve of the key answered, once it has: a renderer, or null (declared by no
     * remote); undefined while unknown. Lets a component draw a loaded renderer in its first render.
     */
    loaded(key: string): ComponentRenderer | null | undefined {
      return settled.get(key);
    },
    /**
     * The components other remotes put in a slot (manifest `slots`), loaded once: e.g. the accounts
     * remote's section header on a board page. Empty when no enabled remote fills it.
     */
    slot<P>(slot: RemoteSlotName): Promise<ComponentType<P>[]> {
      let promise = slotModules.get(slot);
      if (!promise) {
        promise = loadSlot(slot).then(
          (components) => {
            slotsSettled.set(slot, components);
            return components;
          },
          (error: unknown) => {
            slotModules.delete(slot);
            throw error;
          },
        );
        slotModules.set(slot, promise);
      }
      return promise as Promise<ComponentType<P>[]>;
    },
    /** What an earlier `slot` call loaded, once it has (draws a known slot in the first render). */
    loadedSlot<P>(slot: RemoteSlotName): ComponentType<P>[] | undefined {
      return slotsSettled.get(slot) as ComponentType<P>[] | undefined;
    },
    /** Forgets what was loaded (tests; a changed remote list). */
    reset(): void {
      declarations = undefined;
      resolved.clear();
      settled.clear();
      slotModules.clear();
      slotsSettled.clear();
      local.clear();
    },
  };
}

export type RendererRegistry = ReturnType<typeof createRendererRegistry>;

/** The registry every remote uses (one instance: @tradeboard/shared/boards is an MF singleton). */
export const rendererRegistry: RendererRegistry = createRendererRegistry();
