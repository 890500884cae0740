import React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { reportAppError } from '@tradeboard/shared/web';
import { GoalsApp } from './GoalsApp.tsx';

function GoalsErrorPanel(): React.ReactNode {
  return (
    <div className="tb-center" role="alert">
      <div>
        <h2>Oops! Something went wrong</h2>
        <a href="/home">Click here to go home</a>
      </div>
    </div>
  );
}

/** single-spa lifecycles for the goals setup and manage screens (DESIGN §3: `./app`). */
const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: GoalsApp,
  errorBoundary: (error, info) => {
    void reportAppError(error, info.componentStack ?? '');
    return <GoalsErrorPanel />;
  },
});

export const { bootstrap, mount, unmount } = lifecycles;
