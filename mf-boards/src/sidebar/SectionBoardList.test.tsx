import '@tradeboard/shared/testing/setupDom';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SWRConfig } from 'swr';
import { mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { resetAntiforgeryToken } from '@tradeboard/shared/web';
import { board } from '../test/fixtures.ts';
import SectionBoardList, { NO_BOARDS_TEXT } from './SectionBoardList.tsx';

function renderList(href: string) {
  window.history.replaceState(null, '', href);
  resetAntiforgeryToken();
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SectionBoardList sectionName="Sales" route="sales" />
    </SWRConfig>,
  );
}

describe("the sidebar's board list", () => {
  it('lists the section boards in the user order: a star on the default, a dot on the current one', async () => {
    mockFetch({
      'GET /api/Board/List/3': () => ({ json: [board(11), board(12, { isBoardDefault: true }), board(13)] }),
      'GET /api/Board/User/Display/Get': () => ({ json: { sectionMasterId: 3, displayOrder: '[13,11,12]' } }),
    });
    renderList('/sales/11');
    const list = await screen.findByRole('list', { name: 'Sales boards' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/sales/13', '/sales/11', '/sales/12']);
    expect(links[1]!.getAttribute('aria-current')).toBe('page');
    expect(links[1]!.querySelector('.tb-side-boards__dot--on')).toBeTruthy();
    expect(links.filter((link) => link.getAttribute('aria-current'))).toHaveLength(1);
    expect(within(links[2]!).getByLabelText('default board')).toBeTruthy();
    expect(within(links[0]!).queryByLabelText('default board')).toBeNull();
  });

  it('says so when the section has no board', async () => {
    mockFetch({
      'GET /api/Board/List/3': () => ({ json: [] }),
      'GET /api/Board/User/Display/Get': () => ({ json: { sectionMasterId: 3, displayOrder: null } }),
    });
    renderList('/sales');
    expect(await screen.findByText(NO_BOARDS_TEXT)).toBeTruthy();
  });
});
