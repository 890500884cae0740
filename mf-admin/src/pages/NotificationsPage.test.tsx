import '@tradeboard/shared/testing/setupDom';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { FeedbackRoot } from '@tradeboard/shared/ui';
import { callsTo, mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { resetAntiforgeryToken, useTradeboardStore } from '@tradeboard/shared/web';
import NotificationsPage from './NotificationsPage.tsx';

const LIST = 'POST /api/Notifications/List';
const ACKNOWLEDGE = 'POST /api/Notifications/MarkAsAcknowledged';

const item = (notificationId: number, subject: string, isAcknowledged: boolean) => ({
  notificationId,
  notificationUserInstanceId: 4,
  notificationMasterId: 1,
  notificationType: 'CustomerInactivity',
  subject,
  body: 'Customers that stopped buying',
  resultCount: 1,
  createdAt: '2026-11-26T06:00:00Z',
  isAcknowledged,
});

function renderPage() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <FeedbackRoot>
        <NotificationsPage />
      </FeedbackRoot>
    </SWRConfig>,
  );
}

beforeEach(() => {
  resetAntiforgeryToken();
  window.history.replaceState(null, '', '/notifications');
  useTradeboardStore.setState({ user: { userMasterId: 3, fullName: 'Rick Rep' } as never, unreadCount: 2 });
});

describe('the inbox', () => {
  it('marks unread ones, opens the rows a notification found with links to their accounts, and acknowledging lowers the badge count at once', async () => {
    let acknowledged = false;
    const fetchMock = mockFetch({
      [LIST]: () => ({ json: { notifications: [item(8, 'Lapsed: 1 result', acknowledged), item(7, 'Older: 1 result', true)], totalCount: 2, unreadNotificationsCount: acknowledged ? 1 : 2 } }),
      'GET /api/Notifications/Results/8': () => ({
        json: {
          notification: item(8, 'Lapsed: 1 result', false),
          rows: [{ rowNumber: 1, kind: 'Customer', company: '01', customer: 'C9', shipTo: null, documentNumber: null, lineNumber: null, name: 'Acme', detail: 'Last invoice 2026-01-02', amount: 10, date: '2026-01-02' }],
        },
      }),
      [ACKNOWLEDGE]: () => {
        acknowledged = true;
        return { json: { unreadNotificationsCount: 1 } };
      },
    });
    const user = userEvent.setup();
    renderPage();
    const unreadRow = (await screen.findByText('Lapsed: 1 result')).closest('tr')!;
    expect(within(unreadRow).getByText('Unread')).toBeTruthy();
    expect(within(screen.getByText('Older: 1 result').closest('tr')!).getByText('Acknowledged')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show results of Lapsed: 1 result' }));
    const results = await screen.findByRole('region', { name: 'Results of Lapsed: 1 result' });
    expect((await within(results).findByRole('link', { name: 'Acme' })).getAttribute('href')).toBe('/accountSummary?accountType=customer&accountId=C9&company=01');

    await user.click(screen.getByRole('button', { name: 'Acknowledge Lapsed: 1 result' }));
    await waitFor(() => expect(useTradeboardStore.getState().unreadCount).toBe(1));
    expect(callsTo(fetchMock, ACKNOWLEDGE)[0]!.body).toEqual({ notificationIds: [8] });
  });

  it("opens the notification the e-mail's Open link names", async () => {
    window.history.replaceState(null, '', '/notifications?notificationId=8');
    mockFetch({
      [LIST]: () => ({ json: { notifications: [item(8, 'Lapsed: 0 results', false)], totalCount: 1, unreadNotificationsCount: 1 } }),
      'GET /api/Notifications/Results/8': () => ({ json: { notification: item(8, 'Lapsed: 0 results', false), rows: [] } }),
    });
    renderPage();
    const results = await screen.findByRole('region', { name: 'Results of Lapsed: 0 results' });
    expect(await within(results).findByText('This notification found no rows')).toBeTruthy();
  });

  it('says so when there is nothing yet', async () => {
    mockFetch({ [LIST]: () => ({ json: { notifications: [], totalCount: 0, unreadNotificationsCount: 0 } }) });
    renderPage();
    expect(await screen.findByText('No notifications yet. Set one up under Manage notifications.')).toBeTruthy();
  });

  it("follows the e-mail's unsubscribe link once and says so", async () => {
    window.history.replaceState(null, '', '/notifications?unsubscribe=4&userId=3');
    const fetchMock = mockFetch({
      [LIST]: () => ({ json: { notifications: [], totalCount: 0, unreadNotificationsCount: 0 } }),
      'POST /api/Notifications/OptOut/4/3': () => ({ json: { notificationOptOutId: 1, notificationUserInstanceId: 4, userMasterId: 3, masterIdXOptOut: 4, sharedByType: 'Notification' } }),
    });
    renderPage();
    expect(await screen.findByText('You are unsubscribed: this notification will no longer be delivered to you.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/Notifications/OptOut/4/3')).toHaveLength(1);
    await waitFor(() => expect(window.location.search).toBe(''));
  });
});
