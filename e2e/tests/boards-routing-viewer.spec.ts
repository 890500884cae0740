import { expect, test } from '@playwright/test';
import { apiClient, createBoard, signedInRequest, unique, useSignedInState } from './helpers.ts';

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
  // A board id the viewer cannot see, in a section where he has no board at all → back to the section.
  await page.goto('/inventoryDetail/2147483000?itemNumber=Q7');
  await expect(page).toHaveURL('/inventoryDetail?itemNumber=Q7');
  await expect(page.getByText('No boards exist for this section')).toBeVisible();
  await expect(page.getByText('Ask your administrator to share a board with you.')).toBeVisible();
});
