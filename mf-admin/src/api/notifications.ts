import { mutate } from 'swr';
import { markAsAcknowledged, notificationList, notificationResults, unreadCount, type NotificationResultRow } from '@tradeboard/shared/contracts';
import { api, UNREAD_COUNT_KEY, useTradeboardStore } from '@tradeboard/shared/web';
import { refresh } from './admin.ts';

/** The page a result row opens: the account's summary, or the order's or quote's detail page. */
export function resultHref(row: NotificationResultRow): string | null {
  const company: Record<string, string> = row.company ? { company: row.company } : {};
  const account = (accountType: string, accountId: string | null) =>
    accountId ? `/accountSummary?${new URLSearchParams({ accountType, accountId, ...company })}` : null;
  const document = (kind: string) =>
    row.documentNumber ? `/details/${kind}/${encodeURIComponent(row.documentNumber)}${row.company ? `?${new URLSearchParams(company)}` : ''}` : null;
  switch (row.kind) {
    case 'Customer':
      return account('customer', row.customer);
    case 'ShipTo':
      return account('shipto', row.shipTo);
    case 'OrderLine':
      return document('order');
    case 'QuoteLine':
      return document('quote');
    default:
      return account('customer', row.customer);
  }
}

/**
 * Acknowledges the named notifications (or all), then puts the unread count left in the shared
 * store (the shell's bell and badge read it) and revalidates the shell's count and the inbox lists.
 */
export async function acknowledge(which: { notificationIds: number[] } | { all: true }): Promise<void> {
  const { unreadNotificationsCount } = await api.call(markAsAcknowledged, { body: which });
  useTradeboardStore.getState().setUnreadCount(unreadNotificationsCount);
  await Promise.all([mutate(UNREAD_COUNT_KEY, unreadNotificationsCount, { revalidate: false }), refresh(notificationList, notificationResults, unreadCount)]);
}
