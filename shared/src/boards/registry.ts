import { sharedRemoteEntries, type RemoteSlotName, type RemoteSlots, type RemoteSlotSections } from '@tradeboard/shared/web';
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
  /** The sections where a section slot is filled (absent: every section). */
  slotSections?: RemoteSlotSections;
};

type Declared = { remote: RemoteRow; exposed: string };
/** A slot's filler: a remote's module, on every section or on the ones listed. */
type Filler = Declared & { sections?: string[] };
type Declarations = { renderers: Map<string, Declared>; slots: Map<RemoteSlotName, Filler[]> };

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
  /** What the settled `declarations` answered (lets a slot draw loaded fillers in its first render). */
  let declarationsSettled: Declarations | undefined;
  /** Slot fillers' modules by remote and module: a component, or null when it cannot be loaded. */
  const fillerModules = new Map<string, Promise<ComponentType<never> | null>>();
  const fillersSettled = new Map<string, ComponentType<never> | null>();
  const resolved = new Map<string, Promise<ComponentRenderer | null>>();
  /** What each settled resolution answered (a renderer, or null: no remote declares the key). */
  const settled = new Map<string, ComponentRenderer | null>();

  async function loadDeclarations(): Promise<Declarations> {
    const map = new Map<string, Declared>();
    const slots = new Map<RemoteSlotName, Filler[]>();
    const remotes = (await options.fetchRemotes()).filter((remote) => remote.enabled !== false);
    await Promise.all(
      remotes.map(async (remote) => {
        let { renderers, slots: remoteSlots, slotSections } = remote;
        if (!renderers) {
          try {
            type Declaring = { renderers?: RendererDeclarations; slots?: RemoteSlots; slotSections?: RemoteSlotSections };
            const manifest = (await options.loadRemote(remote, './manifest')) as (Declaring & { default?: Declaring }) | null;
            renderers = manifest?.default?.renderers ?? manifest?.renderers;
            remoteSlots ??= manifest?.default?.slots ?? manifest?.slots;
            slotSections ??= manifest?.default?.slotSections ?? manifest?.slotSections;
          } catch (error) {
            console.error(`The manifest of ${remote.name} could not be loaded`, error);
          }
        }
        for (const [key, exposed] of Object.entries(renderers ?? {})) {
          if (!map.has(key)) map.set(key, { remote, exposed });
        }
        for (const [slot, exposed] of Object.entries(remoteSlots ?? {}) as Array<[RemoteSlotName, string]>) {
          const sections = slotSections?.[slot];
          slots.set(slot, [...(slots.get(slot) ?? []), { remote, exposed, ...(sections ? { sections } : {}) }]);
        }
      }),
    );
    return { renderers: map, slots };
  }

  /** A slot's fillers for a section (every filler when no section is named), in the remotes' order. */
  function fillersOf({ slots }: Declarations, slot: RemoteSlotName, section: string | undefined): Filler[] {
    return (slots.get(slot) ?? []).filter((filler) => section === undefined || !filler.sections || filler.sections.includes(section));
  }

  const fillerKey = ({ remote, exposed }: Filler) => `${remote.name}/${exposed}`;

  /** A filler's component, loaded once; null (logged) when it cannot be loaded or is not a component. */
  function loadFiller(slot: RemoteSlotName, filler: Filler): Promise<ComponentType<never> | null> {
    const key = fillerKey(filler);
    let promise = fillerModules.get(key);
    if (!promise) {
      const { remote, exposed } = filler;
      const provider = local.get(remote.name)?.get(exposed);
      promise = (provider ? provider() : options.loadRemote(remote, exposed)).then(
        (module) => rendererOf(module) as ComponentType<never> | null,
        (error: unknown) => {
          console.error(`The ${slot} module ${exposed} of ${remote.name} could not be loaded`, error);
          return null;
        },
      );
      fillerModules.set(key, promise);
      void promise.then((component) => fillerModules.get(key) === promise && fillersSettled.set(key, component));
    }
    return promise;
  }

  const present = (components: Array<ComponentType<never> | null | undefined>) => components.filter((component): component is ComponentType<never> => !!component);

  function declared(): Promise<Declarations> {
    declarations ??= loadDeclarations().then(
      (loaded) => (declarationsSettled = loaded),
      (error: unknown) => {
        declarations = undefined;
        throw error;
      },
    );
    return declarations;
  }

  function forget(): void {
    declarations = undefined;
    declarationsSettled = undefined;
    resolved.clear();
    settled.clear();
    fillerModules.clear();
    fillersSettled.clear();
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
      forget();
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
     * The components other remotes put in a slot (manifest `slots`), each module loaded once: e.g.
     * the accounts remote's section header on a board page. On a section, only the remotes that fill
     * the slot there (manifest `slotSections`): another remote's code is not loaded. Empty when no
     * enabled remote fills it; a module that cannot be loaded is left out (logged).
     */
    async slot<P>(slot: RemoteSlotName, section?: string): Promise<ComponentType<P>[]> {
      const fillers = fillersOf(await declared(), slot, section);
      return present(await Promise.all(fillers.map((filler) => loadFiller(slot, filler)))) as ComponentType<P>[];
    },
    /** What an earlier `slot` call loaded for the section, once it has (draws a known slot in the first render). */
    loadedSlot<P>(slot: RemoteSlotName, section?: string): ComponentType<P>[] | undefined {
      if (!declarationsSettled) return undefined;
      const keys = fillersOf(declarationsSettled, slot, section).map(fillerKey);
      if (!keys.every((key) => fillersSettled.has(key))) return undefined;
      return present(keys.map((key) => fillersSettled.get(key))) as ComponentType<P>[];
    },
    /** Forgets what was loaded (tests; a changed remote list). */
    reset(): void {
      forget();
      local.clear();
    },
  };
}

export type RendererRegistry = ReturnType<typeof createRendererRegistry>;

/** The registry every remote uses (one instance: @tradeboard/shared/boards is an MF singleton). */
export const rendererRegistry: RendererRegistry = createRendererRegistry();
