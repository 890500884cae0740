import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { isSettingOn } from '@tradeboard/shared/user-settings';
import { Alert, Button, PlusOutlined, Skeleton, Tag } from '@tradeboard/shared/ui';
import { errorMessage, useTradeboardStore } from '@tradeboard/shared/web';
import {
  useAccountInvoices,
  useAccountNotes,
  useActivities,
  useOrdersAndQuotes,
  type ActivityAccount,
  type ActivityItem,
  type CrmAccountType,
  type InvoiceEntry,
} from '../api/activities.ts';
import { NewOpportunityButton } from '../opportunities/OpportunityViews.tsx';
import { CrmStyles } from '../theme/crmStyles.tsx';

// The editor (and its form fields) loads with the first click on "Log activity".
const ActivityEditor = lazy(() => import('./ActivityEditor.tsx'));

export type SectionHeaderProps = { sectionName: string; search: string };

const ACCOUNT_TYPES: Readonly<Record<string, CrmAccountType>> = { customer: 'Customer', shipto: 'ShipTo', prospect: 'Prospect' };

/** The account of an account summary address (?accountType=customer&accountId=…&company=…); null for corporate accounts. */
export function accountOf(search: string): ActivityAccount | null {
  const query = new URLSearchParams(search);
  const accountType = ACCOUNT_TYPES[(query.get('accountType') ?? '').toLowerCase()];
  const accountId = query.get('accountId');
  const company = query.get('company');
  return accountType && accountId && company ? { accountType, accountId, company } : null;
}

type Entry = { key: string; date: string; kind: string; color: string; title: string; detail: string; activity?: ActivityItem };

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const STATUS_COLORS: Readonly<Record<string, string>> = { Completed: 'green', Overdue: 'red', Open: 'blue' };

type NoteEntry = { noteNumber: number; noteDate: string; noteType: string; enteredBy: string; noteText: string };

/** Activities, notes, orders, quotes and invoices in one stream, latest first. */
export function timeline(
  activities: readonly ActivityItem[],
  documents: ReadonlyArray<{ documentType: string; documentNumber: string; documentDate: string; status: string | null; total: number }>,
  notes: readonly NoteEntry[] = [],
  invoices: readonly InvoiceEntry[] = [],
): Entry[] {
  const entries: Entry[] = [
    ...activities.map((a) => ({
      key: `a${a.activityTransactionNumber}`,
      date: a.completedDate ?? a.dueDate,
      kind: a.activityType,
      color: STATUS_COLORS[a.status] ?? 'default',
      title: a.subject,
      detail: [a.status === 'Completed' ? 'Completed' : `${a.status}, due ${a.dueDate}`, a.ownerName, a.gpsVerified ? 'GPS verified' : null, a.notes].filter(Boolean).join(' · '),
      activity: a,
    })),
    ...documents.map((d) => ({
      key: `${d.documentType}${d.documentNumber}`,
      date: d.documentDate,
      kind: d.documentType,
      color: d.documentType === 'Order' ? 'purple' : 'gold',
      title: `${d.documentType} ${d.documentNumber}`,
      detail: [money.format(d.total), d.status].filter(Boolean).join(' · '),
    })),
    ...notes.map((n) => ({ key: `n${n.noteNumber}`, date: n.noteDate, kind: 'Note', color: 'cyan', title: n.noteText, detail: [n.noteType, n.enteredBy].filter(Boolean).join(' · ') })),
    ...invoices.map((i) => ({
      key: `i${i.invoiceNumber}`,
      date: i.invoiceDate,
      kind: 'Invoice',
      color: 'geekblue',
      title: `Invoice ${i.invoiceNumber}`,
      detail: `${money.format(i.sales)} · ${i.lineCount} ${i.lineCount === 1 ? 'line' : 'lines'}`,
    })),
  ];
  return entries.sort((a, b) => (a.date === b.date ? a.key.localeCompare(b.key) : a.date < b.date ? 1 : -1));
}

const SHOWN = 8;

/**
 * The CRM strip of an account summary (the boards remote mounts it through the `sectionHeader`
 * slot, below the accounts remote's header): "Log activity" and the account's timeline of
 * activities, notes, orders, quotes and invoices. Shown to users with ActivityAccessRight.
 */
export default function AccountActivity({ sectionName, search }: SectionHeaderProps): ReactNode {
  const allowed = useTradeboardStore((state) => !!state.user && isSettingOn(state.user.settings, 'ActivityAccessRight'));
  const account = useMemo(() => (sectionName === 'accountSummary' ? accountOf(search) : null), [sectionName, search]);
  if (!allowed || !account) return null;
  return <AccountTimeline account={account} />;
}

function AccountTimeline({ account }: { account: ActivityAccount }): ReactNode {
  const opportunities = useTradeboardStore((state) => !!state.user && isSettingOn(state.user.settings, 'OpportunityAccessRight'));
  const [editing, setEditing] = useState<{ activity?: ActivityItem } | null>(null);
  const [expanded, setExpanded] = useState(false);
  const activities = useActivities({ company: account.company, accountType: account.accountType, accountId: account.accountId, pageSize: 100 });
  const documents = useOrdersAndQuotes(account);
  // Notes and invoices come from calls with rights of their own: without them the stream leaves them out.
  const notes = useAccountNotes(account);
  const invoices = useAccountInvoices(account);
  const entries = useMemo(
    () => timeline(activities.data?.rows ?? [], documents.data?.rows ?? [], notes.data?.rows ?? [], invoices.data ?? []),
    [activities.data, documents.data, notes.data, invoices.data],
  );
  const accountName = activities.data?.rows[0]?.accountName ?? null;
  const shown = expanded ? entries : entries.slice(0, SHOWN);

  return (
    <section className="tb-crm-root tb-crm-strip" aria-label="Account activity">
      <CrmStyles />
      <div className="tb-crm-strip__head">
        <h2 className="tb-crm-strip__title">Timeline</h2>
        <div className="tb-crm-strip__actions">
          {opportunities && <NewOpportunityButton account={{ ...account, accountName }} />}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            Log activity
          </Button>
        </div>
      </div>
      {(activities.error || documents.error) && <Alert type="error" showIcon title="The timeline could not be loaded" description={errorMessage(activities.error ?? documents.error)} />}
      {activities.isLoading || documents.isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : entries.length === 0 ? (
        <p className="tb-crm-muted">Nothing logged on this account yet. Log the first activity.</p>
      ) : (
        <ol className="tb-crm-timeline" aria-label="Timeline">
          {shown.map((entry) => (
            <li key={entry.key} className="tb-crm-timeline__item">
              <time className="tb-crm-timeline__date" dateTime={entry.date}>
                {entry.date}
              </time>
              <Tag color={entry.color}>{entry.kind}</Tag>
              <div className="tb-crm-timeline__body">
                {entry.activity ? (
                  <button type="button" className="tb-crm-link" onClick={() => setEditing({ activity: entry.activity })}>
                    {entry.title}
                  </button>
                ) : (
                  <span className="tb-crm-timeline__title">{entry.title}</span>
                )}
                <span className="tb-crm-muted tb-crm-timeline__detail">{entry.detail}</span>
              </div>
            </li>
          ))}
        </ol>
      )}
      {entries.length > SHOWN && (
        <Button type="link" onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : `Show all ${entries.length}`}
        </Button>
      )}
      {editing && (
        <Suspense fallback={null}>
          <ActivityEditor open onClose={() => setEditing(null)} account={{ ...account, accountName }} activity={editing.activity} />
        </Suspense>
      )}
    </section>
  );
}
