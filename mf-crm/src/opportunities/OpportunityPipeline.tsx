import { Suspense, useState, type ReactNode } from 'react';
import { Alert, Modal, Skeleton, Tag } from '@tradeboard/shared/ui';
import { Select } from '@tradeboard/shared/ui/edit';
import { errorMessage } from '@tradeboard/shared/web';
import { conflictOf } from '../api/activities.ts';
import { moveToStage, refreshOpportunities, useLookup, useOpportunities, type LookupItem, type OpportunityItem } from '../api/opportunities.ts';
import { money, OpportunityEditor, type ViewProps } from './OpportunityViews.tsx';

const PIPELINE_PAGE = 200;

/**
 * The pipeline board: a column per stage with its opportunities (the most recent expected closes,
 * up to 200); drag a card to another column to move it (a lost stage asks for the reason), or use
 * the card's stage picker from the keyboard. A card opens the editor.
 */
export function OpportunityPipeline({ dateSlug, filters }: ViewProps): ReactNode {
  const stages = useLookup('Stage');
  const reasons = useLookup('LostSales');
  const list = useOpportunities({ pageSize: PIPELINE_PAGE, ...(dateSlug ? { dateSlug } : {}), ...(filters?.length ? { filters } : {}) });
  const [editing, setEditing] = useState<OpportunityItem | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [losing, setLosing] = useState<{ opportunity: OpportunityItem; stage: LookupItem; reason?: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = list.data?.rows ?? [];

  const move = async (opportunity: OpportunityItem, stage: LookupItem, lostSalesId: number | null = null) => {
    if (opportunity.stageId === stage.id) return;
    if (stage.closesAs === 'Lost' && !lostSalesId) {
      setLosing({ opportunity, stage });
      return;
    }
    setError(null);
    try {
      await moveToStage(opportunity, stage, lostSalesId);
    } catch (caught) {
      setError(conflictOf(caught) ? `${opportunity.name} was changed by someone else; the board shows it as it is now.` : errorMessage(caught));
    }
    await refreshOpportunities();
  };

  if (stages.error || list.error) return <Alert type="error" showIcon title="The pipeline could not be loaded" description={errorMessage(stages.error ?? list.error)} />;
  if (!stages.data || !list.data) return <Skeleton active title={false} paragraph={{ rows: 5 }} />;
  const columns = stages.data.rows;
  return (
    <div className="tb-crm-pipeline-wrap">
      {error && <Alert type="warning" showIcon closable title={error} onClose={() => setError(null)} />}
      {list.data.totalCount > rows.length && (
        <p className="tb-crm-muted tb-crm-editor__hint">
          Showing the {rows.length} latest expected closes of {list.data.totalCount.toLocaleString('en-US')}.
        </p>
      )}
      <div className="tb-crm-pipeline" aria-label="Pipeline by stage">
        {columns.map((stage) => {
          const cards = rows.filter((row) => row.stageId === stage.id);
          const total = cards.reduce((sum, row) => sum + row.opportunitySize, 0);
          return (
            <section
              key={stage.id}
              aria-label={stage.name}
              className={`tb-crm-pipeline__column${over === stage.id ? ' tb-crm-pipeline__column--over' : ''}`}
              onDragOver={(event) => {
                event.preventDefault();
                setOver(stage.id);
              }}
              onDragLeave={() => setOver((current) => (current === stage.id ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                setOver(null);
                const card = rows.find((row) => row.opportunity === Number(event.dataTransfer.getData('text/plain') || dragged));
                setDragged(null);
                if (card) void move(card, stage);
              }}
            >
              <header className="tb-crm-pipeline__head">
                <span className="tb-crm-pipeline__stage">{stage.name}</span>
                <span className="tb-crm-muted">
                  {cards.length} · {money.format(total)}
                </span>
              </header>
              <ul className="tb-crm-pipeline__cards">
                {cards.map((card) => (
                  <li
                    key={card.opportunity}
                    className="tb-crm-pipeline__card"
                    draggable
                    aria-label={card.name}
                    onDragStart={(event) => {
                      event.dataTransfer.setData('text/plain', String(card.opportunity));
                      event.dataTransfer.effectAllowed = 'move';
                      setDragged(card.opportunity);
                    }}
                  >
                    <button type="button" className="tb-crm-link" onClick={() => setEditing(card)}>
                      {card.name}
                    </button>
                    <span className="tb-crm-muted tb-crm-pipeline__account">{card.accountName ?? card.accountId}</span>
                    <span className="tb-crm-pipeline__figures">
                      {money.format(card.opportunitySize)} <span className="tb-crm-muted">· {card.probability}% · {card.expectedCloseDate}</span>
                    </span>
                    {card.lostSales && <Tag color="red">{card.lostSales}</Tag>}
                    <Select
                      size="small"
                      aria-label={`Stage of ${card.name}`}
                      value={card.stageId}
                      onChange={(id: number) => void move(card, columns.find((s) => s.id === id)!)}
                      options={columns.map((s) => ({ value: s.id, label: s.name }))}
                    />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <Modal
        open={losing !== null}
        title={losing ? `Why was “${losing.opportunity.name}” lost?` : ''}
        okText="Mark lost"
        okButtonProps={{ disabled: !losing?.reason }}
        onCancel={() => setLosing(null)}
        onOk={() => {
          if (!losing?.reason) return;
          const { opportunity, stage, reason } = losing;
          setLosing(null);
          void move(opportunity, stage, reason);
        }}
      >
        <div className="tb-crm-field">
          <label htmlFor="crm-lost-reason">Lost reason</label>
          <Select
            id="crm-lost-reason"
            aria-label="Lost reason"
            value={losing?.reason}
            onChange={(reason: number) => setLosing((current) => (current ? { ...current, reason } : current))}
            options={(reasons.data?.rows ?? []).map((reason) => ({ value: reason.id, label: reason.name }))}
          />
        </div>
      </Modal>
      {editing && (
        <Suspense fallback={null}>
          <OpportunityEditor open opportunity={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </div>
  );
}
