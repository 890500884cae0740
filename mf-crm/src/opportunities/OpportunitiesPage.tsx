import { Suspense, useState, type ReactNode } from 'react';
import { Tag } from '@tradeboard/shared/ui';
import { Table } from '@tradeboard/shared/ui/data';
import { accountHref } from '../activities/ActivitiesPage.tsx';
import { ListError, ListToolbar, pagedTable, useListQuery } from '../lists/listControls.tsx';
import { useOpportunities, type OpportunityItem } from '../api/opportunities.ts';
import { OpportunityPipeline } from './OpportunityPipeline.tsx';
import { useUserDefinedColumns } from '../udf/UserDefinedFields.tsx';
import { OpportunityEditor, OpportunityFunnel, OpportunityKpis } from './OpportunityViews.tsx';

const OUTCOME_COLORS: Readonly<Record<string, string>> = { Won: 'green', Lost: 'red', Open: 'blue' };
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** /crm/opportunities: the figures, the funnel, the pipeline board, and the searchable list; a row opens the editor. */
export default function OpportunitiesPage(): ReactNode {
  const query = useListQuery('outcome');
  const [editing, setEditing] = useState<OpportunityItem | null>(null);
  const list = useOpportunities(query.body);
  const moreColumns = useUserDefinedColumns('Opportunity', list.data?.rows ?? [], (row) => String(row.opportunity));

  return (
    <div className="tb-crm-page">
      <div className="tb-crm-page__head">
        <h1 className="tb-crm-page__title">Opportunities</h1>
      </div>
      <OpportunityKpis />
      <div className="tb-crm-page__split">
        <section className="tb-crm-panel" aria-label="Funnel">
          <h2 className="tb-crm-strip__title">Funnel</h2>
          <OpportunityFunnel />
        </section>
        <section className="tb-crm-panel tb-crm-panel--wide" aria-label="Pipeline">
          <h2 className="tb-crm-strip__title">Pipeline by stage</h2>
          <OpportunityPipeline />
        </section>
      </div>
      <ListToolbar query={query} what="opportunities" table="Opportunity" choiceLabel="Outcome" choices={['Open', 'Won', 'Lost']} />
      <ListError list={list} what="opportunities" />
      <Table<OpportunityItem>
        rowKey="opportunity"
        scroll={{ x: 1040 + moreColumns.length * 140 }}
        {...pagedTable(list, query, { none: 'No opportunities yet. Open one from an account.', noMatch: 'No opportunity matches.' })}
        columns={[
          { title: 'Expected close', dataIndex: 'expectedCloseDate', width: 130 },
          {
            title: 'Name',
            dataIndex: 'name',
            width: 240,
            render: (_: unknown, row: OpportunityItem) => (
              <button type="button" className="tb-crm-link" onClick={() => setEditing(row)}>
                {row.name}
              </button>
            ),
          },
          { title: 'Account', dataIndex: 'accountName', width: 200, render: (_: unknown, row: OpportunityItem) => <a href={accountHref(row)}>{row.accountName ?? row.accountId}</a> },
          { title: 'Stage', dataIndex: 'stage', width: 130 },
          { title: 'Size', dataIndex: 'opportunitySize', width: 110, align: 'right' as const, render: (value: number) => money.format(value) },
          { title: 'Prob.', dataIndex: 'probability', width: 70, align: 'right' as const, render: (value: number) => `${value}%` },
          { title: 'Outcome', dataIndex: 'outcome', width: 100, render: (value: string) => <Tag color={OUTCOME_COLORS[value]}>{value}</Tag> },
          { title: 'Rep', dataIndex: 'salesRepName', width: 140, render: (value: string | null, row: OpportunityItem) => value ?? row.salesRep },
          ...moreColumns,
        ]}
      />
      {editing && (
        <Suspense fallback={null}>
          <OpportunityEditor open opportunity={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </div>
  );
}
