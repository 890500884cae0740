import { expect, test } from '@playwright/test';
import { apiClient, createBoard, signedInRequest, unique, useSignedInState } from './helpers.ts';

// Routing between boards: its calls are tested on PostgreSQL by the service tests.

// The viewer has DisplayDefaultSectionTemplates off and cannot make boards: the admin shares some with him.
useSignedInState(test, 'viewer@tradeboard.example');

async function shareWithViewer(baseURL: string, sectionId: number, names: string[]) {
  const request = await signedInRequest(baseURL, 'admin@tradeboard.example');
  const admin = await apiClient(request);
  const users: Array<{ userMasterId: number; email: string }> = [];
  const boards = [];
  for (const name of names) {
    const board = await createBoard(admin, sectionId, name, ['Overview']);
    if (!users.length) users.push(...(await admin.get(`/Board/User/Share/List/${board.boardMasterId}`)));
    const viewer = users.find((user) => user.email === 'viewer@tradeboard.example')!;
    await admin.post('/Board/User/Share/Add', { boardMasterId: board.boardMasterId, userMasterId: viewer.userMasterId, canEdit: false });
    boards.push(board);
  }
  await request.dispose();
  return boards;
}

test('without DisplayDefaultSectionTemplates the section goes to the first board; no board at all stays on the section', async ({ page, baseURL }) => {
  const [first] = await shareWithViewer(baseURL!, 1021, [unique('Ledger'), unique('Payables')]);
  await page.goto('/accounting?itemNumber=Q7');
  await expect(page).toHaveURL(/\/accounting\/\d+\?itemNumber=Q7$/);
  const tabs = page.getByRole('main').getByRole('tab');
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('main').getByRole('tab', { name: first!.boardName })).toBeVisible();
  // A board id the viewer cannot see, in a section where he has no board at all (its default board is
  // the staff's: buying costs) → back to the section.
  await page.goto('/supplierSummary/2147483000?itemNumber=Q7');
  await expect(page).toHaveURL('/supplierSummary?itemNumber=Q7');
  await expect(page.getByText('No boards exist for this section')).toBeVisible();
  await expect(page.getByText('Ask your administrator to share a board with you.')).toBeVisible();
});

test('a section without boards says so in the sidebar', async ({ page }) => {
  // Every section has a default board, but the staff's (purchasing, suppliers, accounting) are not the viewer's.
  const api = await apiClient(page.request);
  const candidates = { purchaseOrders: 10, suppliers: 15, accounting: 1021 };
  let empty: string | undefined;
  for (const [route, id] of Object.entries(candidates)) {
    if ((await api.get(`/Board/List/${id}`)).length === 0) {
      empty = route;
      break;
    }
  }
  expect(empty, 'a menu section without boards for the viewer').toBeDefined();
  await page.goto(`/${empty}`);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('No boards exist for this section')).toBeVisible();
});
