import React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { reportAppError } from '@tradeboard/shared/web';
import { BoardsApp } from './BoardsApp.tsx';
import { startPageReads } from './api/startPageReads.ts';
import { configureRenderers } from './renderers/configureRenderers.ts';

configureRenderers();
// This code loads as soon as the shell knows the address is ours, before the app mounts.
startPageReads(window.location.pathname, window.location.search);

function BoardsErrorPanel(): React.ReactNode {
  return (
    <div className="tb-center" role="alert">
      <div>
        <h2>Oops! Something went wrong</h2>
        <a href="/home">Click here to go home</a>
      </div>
    </div>
  );
}

/** single-spa lifecycles for the section and board pages (DESIGN §3: `./app`). */
const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: BoardsApp,
  errorBoundary: (error, info) => {
    void reportAppError(error, info.componentStack ?? '');
    return <BoardsErrorPanel />;
  },
});

export const { bootstrap, mount, unmount } = lifecycles;
