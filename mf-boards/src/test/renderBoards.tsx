import { render, type RenderResult } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { resetAntiforgeryToken, resetErrorReports, useTradeboardStore } from '@tradeboard/shared/web';
import { BoardsApp } from '../BoardsApp.tsx';
import { useStatusDialog } from '../feedback/statusDialog.ts';
import { user } from './fixtures.ts';

type Options = { settings?: Record<string, string>; editMode?: boolean };

/** Renders the remote's root at an address with a fresh SWR cache and a signed-in user. */
export function renderBoards(href: string, { settings = {}, editMode = false }: Options = {}): RenderResult {
  window.history.replaceState(null, '', href);
  resetAntiforgeryToken();
  resetErrorReports();
  useStatusDialog.setState({ current: null });
  useTradeboardStore.setState({ user: user(settings), editMode });
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <BoardsApp />
    </SWRConfig>,
  );
}
