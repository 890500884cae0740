import React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { reportAppError } from '@tradeboard/shared/web';
import { CrmApp } from './CrmApp.tsx';

function CrmErrorPanel(): React.ReactNode {
  return (
    <div className="tb-center" role="alert">
      <div>
        <h2>Oops! Something went wrong</h2>
        <a href="/home">Click here to go home</a>
      </div>
    </div>
  );
}

/** single-spa lifecycles for /crm/activities (DESIGN §3: `./app`). */
const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: CrmApp,
  errorBoundary: (error, info) => {
    void reportAppError(error, info.componentStack ?? '');
    return <CrmErrorPanel />;
  },
});

export const { bootstrap, mount, unmount } = lifecycles;
