import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { sendErrorReport, describeError } from '@tradeboard/shared/web';

type FailureListener = (remoteName: string, error: unknown) => void;

/** Single-spa lifecycles that render the remote-failure panel in the remote's own area. */
export function failureLifecycles(remoteName: string) {
  let unmountPanel: (() => void) | undefined;
  return {
    bootstrap: async () => undefined,
    mount: async (props: { domElement?: HTMLElement }) => {
      const { mountRemoteErrorPanel } = await import('../components/mountRemoteErrorPanel.tsx');
      const element = props.domElement ?? document.body;
      unmountPanel = mountRemoteErrorPanel(element, remoteName);
    },
    unmount: async () => {
      unmountPanel?.();
      unmountPanel = undefined;
    },
  };
}

function remoteNameOf(id: string, remote?: { name?: string }): string {
  return remote?.name ?? id.split('/')[0] ?? id;
}

/**
 * DESIGN §3: a remote that fails to load never blanks the page. The fallback module stands in
 * for what was asked: lifecycles for `./app` (they render the error panel in that area),
 * `null` for anything else (the shell treats a null manifest as a failed remote). Each remote's
 * failure is e-mailed once (seed §8).
 */
export function remoteFailurePlugin(options: { quiet: (remoteName: string) => boolean; onFailure: FailureListener }): ModuleFederationRuntimePlugin {
  return {
    name: 'tradeboard-remote-failure',
    async errorLoadRemote(args) {
      if (args.lifecycle === 'beforeLoadShare') return undefined;
      const remoteName = remoteNameOf(args.id, args.remote);
      const expose = args.expose ?? args.id.slice(remoteName.length + 1);
      console.error(`Remote ${args.id} could not be loaded`, args.error);
      if (!options.quiet(remoteName)) {
        options.onFailure(remoteName, args.error);
        void sendErrorReport(
          `Tradeboard remote could not be loaded: ${remoteName}`,
          `The remote ${remoteName} (${args.id}, ${args.lifecycle}) failed to load.\n\n${describeError(args.error)}`,
          `remote:${remoteName}`,
        );
      }
      if (expose === 'app' || expose === './app') return { __esModule: true, ...failureLifecycles(remoteName) };
      return { __esModule: true, default: null };
    },
  };
}
