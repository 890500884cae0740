import React, { type ReactNode } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { reportAppError } from './errorReporting.ts';

/** What a remote shows in its own area when it crashes (seed 000 §2 generic error page); the shell keeps working. */
export function RemoteErrorPanel(): ReactNode {
  return (
    <div className="tb-center" role="alert">
      <div>
        <h2>Oops! Something went wrong</h2>
        <a href="/home">Click here to go home</a>
      </div>
    </div>
  );
}

/**
 * A remote's single-spa lifecycles (DESIGN §3: its `./app` exports them) for its root component:
 * a crash is reported and shows the error panel in the remote's own area. The root takes none of
 * single-spa's props: the apps read the shared store.
 */
export function remoteLifecycles(rootComponent: () => ReactNode, ErrorPanel: () => ReactNode = RemoteErrorPanel) {
  const { bootstrap, mount, unmount } = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent,
    errorBoundary: (error, info) => {
      void reportAppError(error, info.componentStack ?? '');
      return <ErrorPanel />;
    },
  });
  return { bootstrap, mount, unmount };
}
