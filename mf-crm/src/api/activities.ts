import useSWR, { mutate } from 'swr';
import {
  activityCreate,
  activityDelete,
  activityKpi,
  activityList,
  activityOrderQuote,
  activityTypeList,
  activityUpdate,
  customerLatitudeLongitude,
  customerNoteList,
  invoiceDetails,
  gpsVerificationAdd,
  type ActivityItem,
  type ContractBody,
  type ContractResult,
} from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';

export type { ActivityItem };
export type CrmAccountType = ActivityItem['accountType'];
/** The account an activity is logged on. */
export type ActivityAccount = { company: string; accountType: CrmAccountType; accountId: string; accountName?: string | null };
export type ActivityListBody = ContractBody<typeof activityList>;
export type ActivityKpi = ContractResult<typeof activityKpi>;
export type OrderQuoteItem = ContractResult<typeof activityOrderQuote>['rows'][number];

/** Every activity read's SWR key starts with this: a write revalidates them all. */
const ACTIVITY_KEY = 'crm-activities';

export function useActivityTypes() {
  return useSWR([ACTIVITY_KEY, 'types'], () => api.call(activityTypeList, { body: {} }));
}

export function useActivities(body: ActivityListBody | null) {
  return useSWR(body ? [ACTIVITY_KEY, 'list', JSON.stringify(body)] : null, () => api.call(activityList, { body: body! }), { keepPreviousData: true });
}

export type KpiFilters = NonNullable<ContractBody<typeof activityKpi>['filters']>;

export function useActivityKpi(dateSlug?: string, filters: KpiFilters = []) {
  return useSWR([ACTIVITY_KEY, 'kpi', dateSlug ?? '', JSON.stringify(filters)], () =>
    api.call(activityKpi, { body: { ...(dateSlug ? { dateSlug } : {}), ...(filters.length ? { filters } : {}) } }),
  );
}

export function useOrdersAndQuotes(account: ActivityAccount | null) {
  return useSWR(account ? [ACTIVITY_KEY, 'orderQuote', account.company, account.accountType, account.accountId] : null, () =>
    api.call(activityOrderQuote, { body: { company: account!.company, accountType: account!.accountType, accountId: account!.accountId, pageSize: 50 } }),
  );
}

/** The account's latest notes (customers only: the ERP keeps notes per customer). */
export function useAccountNotes(account: ActivityAccount | null) {
  const customer = account?.accountType === 'Customer' ? account : null;
  return useSWR(customer ? ['crm-account-notes', customer.company, customer.accountId] : null, () =>
    api.call(customerNoteList, { body: { customer: customer!.accountId, company: customer!.company, pageSize: 50 } }),
  );
}

export type InvoiceEntry = { invoiceNumber: string; invoiceDate: string; sales: number; lineCount: number };

/** The account's invoices of the last 12 months (its latest 500 lines, summed per invoice); none for a prospect. */
export function useAccountInvoices(account: ActivityAccount | null) {
  const invoiced = account && account.accountType !== 'Prospect' ? account : null;
  return useSWR(invoiced ? ['crm-account-invoices', invoiced.company, invoiced.accountType, invoiced.accountId] : null, async () => {
    const field = invoiced!.accountType === 'ShipTo' ? 'shipTo' : 'customer';
    const page = await api.call(invoiceDetails, {
      body: {
        dateSlug: 'last-12-months',
        pageSize: 500,
        sortBy: 'invoiceDate',
        sortDir: 'desc',
        filters: [
          { field: 'company', comparison: 'equals', values: [invoiced!.company] },
          { field, comparison: 'equals', values: [invoiced!.accountId] },
        ],
      },
    });
    const invoices = new Map<string, InvoiceEntry>();
    for (const line of page.rows) {
      const entry = invoices.get(line.invoiceNumber) ?? { invoiceNumber: line.invoiceNumber, invoiceDate: line.invoiceDate, sales: 0, lineCount: 0 };
      entry.sales += line.sales;
      entry.lineCount += 1;
      invoices.set(line.invoiceNumber, entry);
    }
    return [...invoices.values()];
  });
}

/** A customer's coordinates (null for other accounts or when the ERP has none). */
export function useAccountLocation(account: ActivityAccount | null) {
  const customer = account?.accountType === 'Customer' ? account : null;
  return useSWR(customer ? ['crm-account-location', customer.company, customer.accountId] : null, () =>
    api.call(customerLatitudeLongitude, { params: { customer: customer!.accountId }, query: { company: customer!.company } }),
  );
}

/** Every activity read again (lists, KPIs, timelines) after a write. */
export function refreshActivities(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === ACTIVITY_KEY);
}

export type ActivityDraft = { activityTypeId: number; subject: string; notes: string; dueDate?: string | null; completedDate?: string | null };

export function createActivity(account: ActivityAccount, draft: ActivityDraft, scheduleFollowUp: boolean) {
  return api.call(activityCreate, {
    body: {
      company: account.company,
      accountType: account.accountType,
      accountId: account.accountId,
      activityTypeId: draft.activityTypeId,
      subject: draft.subject.trim(),
      notes: draft.notes.trim() || null,
      dueDate: draft.dueDate ?? null,
      completedDate: draft.completedDate ?? null,
      scheduleFollowUp,
    },
  });
}

export function updateActivity(activity: ActivityItem, draft: ActivityDraft, scheduleFollowUp: boolean) {
  return api.call(activityUpdate, {
    params: { activityTransactionNumber: activity.activityTransactionNumber },
    body: {
      activityTypeId: draft.activityTypeId,
      subject: draft.subject.trim(),
      notes: draft.notes.trim() || null,
      contact: activity.contact,
      opportunity: activity.opportunity,
      orderNumber: activity.orderNumber,
      quoteNumber: activity.quoteNumber,
      dueDate: draft.dueDate ?? activity.dueDate,
      completedDate: draft.completedDate ?? null,
      scheduleFollowUp,
      version: activity.version,
    },
  });
}

export function deleteActivity(activity: ActivityItem) {
  return api.call(activityDelete, { params: { id: activity.activityTransactionNumber }, query: { version: activity.version } });
}

export function verifyLocation(activity: ActivityItem, where: { latitude: number; longitude: number } | null, reason: string) {
  return api.call(gpsVerificationAdd, {
    params: { accountType: activity.accountType, accountId: activity.accountId },
    body: {
      activityTransId: activity.activityTransactionNumber,
      userLatitude: where?.latitude ?? null,
      userLongitude: where?.longitude ?? null,
      reasonNotVerified: reason.trim() || null,
    },
  });
}

/** The current record a 409 carries (another edit came first), else undefined. */
export function conflictOf<T = ActivityItem>(error: unknown): T | undefined {
  const candidate = error as { name?: unknown; status?: unknown; body?: { current?: T } } | null;
  return candidate?.name === 'ApiError' && candidate.status === 409 ? candidate.body?.current : undefined;
}
