import React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { reportAppError } from '@tradeboard/shared/web';
import { AccountsApp } from './AccountsApp.tsx';

function AccountsErrorPanel(): React.ReactNode {
  return (
    <div className="tb-center" role="alert">
      <div>
        <h2>Oops! Something went wrong</h2>
        <a href="/home">Click here to go home</a>
      </div>
    </div>
  );
}

/** single-spa lifecycles for /search and /map (DESIGN §3: `./app`). */
const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: AccountsApp,
  errorBoundary: (error, info) => {
    void reportAppError(error, info.componentStack ?? '');
    return <AccountsErrorPanel />;
  },
});

export const { bootstrap, mount, unmount } = lifecycles;
