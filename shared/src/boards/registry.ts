import { sharedRemoteEntries } from '@tradeboard/shared/web';
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
};

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
  let declarations: Promise<Map<string, { remote: RemoteRow; exposed: string }>> | undefined;
  const resolved = new Map<string, Promise<ComponentRenderer | null>>();
  /** What each settled resolution answered (a renderer, or null: no remote declares the key). */
  const settled = new Map<string, ComponentRenderer | null>();

  async function loadDeclarations(): Promise<Map<string, { remote: RemoteRow; exposed: string }>> {
    const map = new Map<string, { remote: RemoteRow; exposed: string }>();
    const remotes = (await options.fetchRemotes()).filter((remote) => remote.enabled !== false);
    await Promise.all(
      remotes.map(async (remote) => {
        let renderers = remote.renderers;
        if (!renderers) {
          try {
            const manifest = (await options.loadRemote(remote, './manifest')) as {
              default?: { renderers?: RendererDeclarations };
              renderers?: RendererDeclarations;
            };
            renderers = manifest?.default?.renderers ?? manifest?.renderers;
          } catch (error) {
            console.error(`The manifest of ${remote.name} could not be loaded`, error);
          }
        }
        for (const [key, exposed] of Object.entries(renderers ?? {})) {
          if (!map.has(key)) map.set(key, { remote, exposed });
        }
      }),
    );
    return map;
  }

  function declared(): Promise<Map<string, { remote: RemoteRow; exposed: string }>> {
    declarations ??= loadDeclarations().catch((error: unknown) => {
      declarations = undefined;
      throw error;
    });
    return declarations;
  }

  async function resolve(key: string): Promise<ComponentRenderer | null> {
    const found = (await declared()).get(key);
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
    /** Forgets what was loaded (tests; a changed remote list). */
    reset(): void {
      declarations = undefined;
      resolved.clear();
      settled.clear();
      local.clear();
    },
  };
}

export type RendererRegistry = ReturnType<typeof createRendererRegistry>;

/** The registry every remote uses (one instance: @tradeboard/shared/boards is an MF singleton). */
export const rendererRegistry: RendererRegistry = createRendererRegistry();
