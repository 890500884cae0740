import React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AuthApp } from './AuthApp.tsx';
import { AuthErrorPanel } from './AuthErrorPanel.tsx';
import { reportAppError } from '@tradeboard/shared/web';

/** single-spa lifecycles for the sign-in pages (DESIGN §3: `./app`). */
const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: AuthApp,
  errorBoundary: (error, info) => {
    void reportAppError(error, info.componentStack ?? '');
    return <AuthErrorPanel />;
  },
});

export const { bootstrap, mount, unmount } = lifecycles;
