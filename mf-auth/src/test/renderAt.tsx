import { render, type RenderResult } from '@testing-library/react';
import { resetAntiforgeryToken } from '@tradeboard/shared/web';
import { AuthApp } from '../AuthApp.tsx';
import { forgetHandoff, rememberForNextPage } from '../login/loginHandoff.ts';

type Handoff = Parameters<typeof rememberForNextPage>[0];

/** Renders the remote's root at an address, with a fresh anti-forgery token and hand-off state. */
export function renderAt(href: string, handoff?: Handoff): RenderResult {
  window.history.replaceState(null, '', href);
  resetAntiforgeryToken();
  forgetHandoff();
  if (handoff) rememberForNextPage(handoff);
  return render(<AuthApp />);
}
