import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ListError, ListToolbar, pagedTable, useListQuery } from '../lists/listControls.tsx';
import { Alert, Tag } from '@tradeboard/shared/ui';
import { Table } from '@tradeboard/shared/ui/data';
import { useActivities, useActivityKpi, type ActivityItem, type KpiFilters } from '../api/activities.ts';
import { errorMessage } from '@tradeboard/shared/web';
import { useUserDefinedColumns } from '../udf/UserDefinedFields.tsx';

const ActivityEditor = lazy(() => import('./ActivityEditor.tsx'));

const STATUS_COLORS: Readonly<Record<string, string>> = { Completed: 'green', Overdue: 'red', Open: 'blue' };

/** An account summary address for an activity's account. */
export function accountHref(activity: Pick<ActivityItem, 'accountType' | 'accountId' | 'company'>): string {
  const query = new URLSearchParams({ accountType: activity.accountType.toLowerCase(), accountId: activity.accountId, company: activity.company });
  return `/accountSummary?${query}`;
}

/** The activity counts of the KPI call, as a row of figures. */
export function ActivityKpis({ dateSlug, filters }: { dateSlug?: string; filters?: KpiFilters }): ReactNode {
  const kpi = useActivityKpi(dateSlug, filters);
  if (kpi.error) return <Alert type="error" showIcon title="The activity figures could not be loaded" description={errorMessage(kpi.error)} />;
  const figure = (label: string, value: number | null | undefined, suffix = '') => (
    <div className="tb-crm-kpi">
      <dt>{label}</dt>
      <dd>{value === undefined ? '…' : value === null ? '–' : `${value.toLocaleString('en-US')}${suffix}`}</dd>
    </div>
  );
  return (
    <dl className="tb-crm-kpis" aria-label="Activity figures">
      {figure('Activities', kpi.data?.totalCount)}
      {figure('Open', kpi.data?.openCount)}
      {figure('Overdue', kpi.data?.overdueCount)}
      {figure('Completed', kpi.data?.completedCount)}
      {figure('GPS verified', kpi.data?.verifiedCount)}
    </dl>
  );
}

/** /crm/activities: the activities of the user's accounts, their figures, search, status filter and paging; a row opens the editor. */
export default function ActivitiesPage(): ReactNode {
  const query = useListQuery('status');
  const [editing, setEditing] = useState<ActivityItem | null>(null);
  const list = useActivities(query.body);
  const moreColumns = useUserDefinedColumns('Activity', list.data?.rows ?? [], (row) => String(row.activityTransactionNumber));

  return (
    <div className="tb-crm-page">
      <div className="tb-crm-page__head">
        <h1 className="tb-crm-page__title">Activities</h1>
      </div>
      <ActivityKpis />
      <ListToolbar query={query} what="activities" table="Activity" choiceLabel="Status" choices={['Open', 'Overdue', 'Completed']} />
      <ListError list={list} what="activities" />
      <Table<ActivityItem>
        rowKey="activityTransactionNumber"
        scroll={{ x: 980 + moreColumns.length * 140 }}
        {...pagedTable(list, query, { none: 'No activities yet.', noMatch: 'No activity matches.' })}
        columns={[
          { title: 'Due', dataIndex: 'dueDate', width: 110 },
          { title: 'Type', dataIndex: 'activityType', width: 130 },
          {
            title: 'Subject',
            dataIndex: 'subject',
            width: 260,
            render: (_: unknown, row: ActivityItem) => (
              <button type="button" className="tb-crm-link" onClick={() => setEditing(row)}>
                {row.subject}
              </button>
            ),
          },
          { title: 'Account', dataIndex: 'accountName', width: 220, render: (_: unknown, row: ActivityItem) => <a href={accountHref(row)}>{row.accountName ?? row.accountId}</a> },
          { title: 'Status', dataIndex: 'status', width: 110, render: (value: string) => <Tag color={STATUS_COLORS[value]}>{value}</Tag> },
          { title: 'Rep', dataIndex: 'salesRepName', width: 140, render: (value: string | null, row: ActivityItem) => value ?? row.salesRep },
          { title: 'GPS', dataIndex: 'gpsVerified', width: 90, render: (value: boolean | null) => (value === null ? '' : value ? <Tag color="green">Verified</Tag> : <Tag>Reason</Tag>) },
          ...moreColumns,
        ]}
      />
      {editing && (
        <Suspense fallback={null}>
          <ActivityEditor open activity={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </div>
  );
}
