import { useEffect, useRef, useState, type ReactNode } from 'react';
import { contactAccountList, opportunityOptions } from '@tradeboard/shared/contracts';
import { Alert, Button, DeleteOutlined, Drawer, Popconfirm, Tag } from '@tradeboard/shared/ui';
import { Input, Select, type InputRef } from '@tradeboard/shared/ui/edit';
import { api, errorMessage } from '@tradeboard/shared/web';
import useSWR from 'swr';
import { conflictOf, type ActivityAccount } from '../api/activities.ts';
import {
  addLink,
  createOpportunity,
  draftOf,
  refreshOpportunities,
  removeLink,
  updateOpportunity,
  useLinks,
  useLookup,
  type LookupItem,
  type OpportunityDraft,
  type OpportunityItem,
  type OpportunityLinkKind,
  type OpportunityLookup,
} from '../api/opportunities.ts';
import { UserDefinedInputs, useUserDefinedDraft } from '../udf/UserDefinedFields.tsx';
import { ConflictAlert } from '../editor/ConflictAlert.tsx';

export type OpportunityEditorProps = {
  open: boolean;
  onClose: () => void;
  /** The account to open an opportunity on (a new one). */
  account?: ActivityAccount;
  /** The opportunity to edit (instead of opening a new one). */
  opportunity?: OpportunityItem;
  onSaved?: (opportunity: OpportunityItem) => void;
};

const EMPTY: OpportunityDraft = {
  name: '',
  description: '',
  stageId: null,
  probability: null,
  opportunitySize: 0,
  expectedCloseDate: null,
  typeId: null,
  statusId: null,
  stepId: null,
  territoryId: null,
  leadSourceId: null,
  lostSalesId: null,
};

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** A labelled picker of one DataManager list. */
function LookupField({ lookup, label, value, onChange, items }: { lookup: OpportunityLookup; label: string; value: number | null; onChange: (id: number | null) => void; items?: LookupItem[] }): ReactNode {
  const id = `crm-opportunity-${lookup}`;
  return (
    <div className="tb-crm-field">
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        aria-label={label}
        allowClear
        value={value ?? undefined}
        loading={!items}
        onChange={(next: number | undefined) => onChange(next ?? null)}
        options={(items ?? []).filter((item) => item.isActive || item.id === value).map((item) => ({ value: item.id, label: item.name }))}
      />
    </div>
  );
}

/**
 * Open an opportunity on an account, or edit one (seed 001 §7.12): a slide-over with its name,
 * stage (and the stage's probability), size and expected close, the reference fields, and, once
 * saved, its product groups and contacts. A lost stage asks for the LostSales reason. An edit
 * someone else's came before answers 409: their version is shown, nothing is lost.
 */
export default function OpportunityEditor({ open, onClose, account, opportunity: given, onSaved }: OpportunityEditorProps): ReactNode {
  const [opportunity, setOpportunity] = useState<OpportunityItem | undefined>(given);
  const [draft, setDraft] = useState<OpportunityDraft>(given ? draftOf(given) : EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<OpportunityItem | null>(null);
  const nameRef = useRef<InputRef>(null);
  const more = useUserDefinedDraft('Opportunity', opportunity ? String(opportunity.opportunity) : null);
  const lookups = {
    Stage: useLookup('Stage'),
    Type: useLookup('Type'),
    Status: useLookup('Status'),
    Step: useLookup('Step'),
    Territory: useLookup('Territory'),
    LeadSource: useLookup('LeadSource'),
    LostSales: useLookup('LostSales'),
  };
  const stages = lookups.Stage.data?.rows ?? [];
  const stage = stages.find((item) => item.id === draft.stageId) ?? stages.find((item) => item.closesAs === null);
  const lost = stage?.closesAs === 'Lost';

  const load = (from: OpportunityItem | undefined) => {
    setOpportunity(from);
    setDraft(from ? draftOf(from) : EMPTY);
    setError(null);
    setConflict(null);
  };
  useEffect(() => {
    if (open) load(given);
  }, [open, given]);

  const set = <K extends keyof OpportunityDraft>(field: K, value: OpportunityDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));

  const save = async () => {
    if (!draft.name.trim()) {
      setError('Give the opportunity a name.');
      nameRef.current?.focus();
      return;
    }
    if (lost && !draft.lostSalesId) {
      setError('A lost opportunity needs a reason: choose one under Lost reason.');
      return;
    }
    const problem = more.check();
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body = { ...draft, stageId: stage?.id ?? null };
      const saved = opportunity ? await updateOpportunity(opportunity, body) : await createOpportunity(account!, body);
      await more.save(String(saved.opportunity));
      await refreshOpportunities();
      onSaved?.(saved);
      if (opportunity) onClose();
      // A new one stays open on its links (product groups, contacts).
      else load(saved);
    } catch (caught) {
      const current = conflictOf<OpportunityItem>(caught);
      if (current) setConflict(current);
      else setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const target = opportunity ?? account;
  const accountLine = target ? `${target.accountName ?? target.accountId} · ${target.accountType === 'ShipTo' ? 'Ship To' : target.accountType} ${target.accountId}` : '';
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void save();
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={opportunity ? 'Edit opportunity' : 'New opportunity'}
      size={520}
      destroyOnHidden
      afterOpenChange={(visible) => visible && nameRef.current?.focus()}
      footer={
        <div className="tb-crm-editor__footer">
          <span className="tb-crm-editor__spacer" />
          <Button onClick={onClose}>{opportunity && !given ? 'Done' : 'Cancel'}</Button>
          <Button type="primary" onClick={() => void save()} loading={busy} disabled={!!conflict}>
            Save
          </Button>
        </div>
      }
    >
      <div className="tb-crm-editor" onKeyDown={onKeyDown}>
        {accountLine && (
          <p className="tb-crm-muted tb-crm-editor__account">
            {accountLine}
            {opportunity && (
              <>
                {' '}
                <Tag color={opportunity.outcome === 'Won' ? 'green' : opportunity.outcome === 'Lost' ? 'red' : 'blue'}>{opportunity.outcome}</Tag>
              </>
            )}
          </p>
        )}
        {conflict && (
          <ConflictAlert
            what="opportunity"
            now={
              <>
                It is now “{conflict.name}”, {conflict.stage}, {money.format(conflict.opportunitySize)}, closing {conflict.expectedCloseDate}.
              </>
            }
            onEditTheirs={() => load(conflict)}
          />
        )}
        {error && <Alert type="error" showIcon title={error} />}
        <div className="tb-crm-field">
          <label htmlFor="crm-opportunity-name">Name</label>
          <Input id="crm-opportunity-name" ref={nameRef} value={draft.name} maxLength={200} onChange={(event) => set('name', event.target.value)} onPressEnter={() => void save()} />
        </div>
        <div className="tb-crm-editor__dates">
          <div className="tb-crm-field">
            <label htmlFor="crm-opportunity-Stage">Stage</label>
            <Select
              id="crm-opportunity-Stage"
              aria-label="Stage"
              value={stage?.id}
              loading={lookups.Stage.isLoading}
              onChange={(id: number) => setDraft((current) => ({ ...current, stageId: id, probability: null }))}
              options={stages.map((item) => ({ value: item.id, label: item.name }))}
            />
          </div>
          <div className="tb-crm-field">
            <label htmlFor="crm-opportunity-probability">Probability %</label>
            <Input
              id="crm-opportunity-probability"
              type="number"
              min={0}
              max={100}
              disabled={!!stage?.closesAs}
              value={draft.probability ?? stage?.probability ?? ''}
              onChange={(event) => set('probability', event.target.value === '' ? null : Math.max(0, Math.min(100, Math.round(Number(event.target.value)))))}
            />
          </div>
          <div className="tb-crm-field">
            <label htmlFor="crm-opportunity-size">Size ($)</label>
            <Input
              id="crm-opportunity-size"
              type="number"
              min={0}
              step={100}
              value={draft.opportunitySize}
              onChange={(event) => set('opportunitySize', Math.max(0, Number(event.target.value) || 0))}
            />
          </div>
          <div className="tb-crm-field">
            <label htmlFor="crm-opportunity-close">Expected close</label>
            <Input id="crm-opportunity-close" type="date" value={draft.expectedCloseDate ?? ''} onChange={(event) => set('expectedCloseDate', event.target.value || null)} />
          </div>
        </div>
        {lost && <LookupField lookup="LostSales" label="Lost reason" value={draft.lostSalesId} onChange={(id) => set('lostSalesId', id)} items={lookups.LostSales.data?.rows} />}
        <div className="tb-crm-editor__dates">
          <LookupField lookup="Type" label="Type" value={draft.typeId} onChange={(id) => set('typeId', id)} items={lookups.Type.data?.rows} />
          <LookupField lookup="Status" label="Status" value={draft.statusId} onChange={(id) => set('statusId', id)} items={lookups.Status.data?.rows} />
          <LookupField lookup="Step" label="Next step" value={draft.stepId} onChange={(id) => set('stepId', id)} items={lookups.Step.data?.rows} />
          <LookupField lookup="LeadSource" label="Lead source" value={draft.leadSourceId} onChange={(id) => set('leadSourceId', id)} items={lookups.LeadSource.data?.rows} />
          <LookupField lookup="Territory" label="Territory" value={draft.territoryId} onChange={(id) => set('territoryId', id)} items={lookups.Territory.data?.rows} />
        </div>
        <div className="tb-crm-field">
          <label htmlFor="crm-opportunity-description">Description</label>
          <Input.TextArea id="crm-opportunity-description" value={draft.description} maxLength={4000} autoSize={{ minRows: 2, maxRows: 8 }} onChange={(event) => set('description', event.target.value)} />
        </div>
        <UserDefinedInputs draft={more} idPrefix="crm-opportunity" />
        {opportunity ? (
          <>
            <LinkSection kind="ProductGroup" title="Product groups" opportunity={opportunity} />
            <LinkSection kind="Contact" title="Contacts" opportunity={opportunity} />
          </>
        ) : (
          <p className="tb-crm-muted tb-crm-editor__hint">Product groups and contacts are added once it is saved.</p>
        )}
        <p className="tb-crm-muted tb-crm-editor__hint">Ctrl+Enter saves.</p>
      </div>
    </Drawer>
  );
}

/** The choices a link picker offers: the company's product groups, or the account's contacts. */
function useLinkChoices(kind: OpportunityLinkKind, opportunity: OpportunityItem) {
  return useSWR(['crm-opportunity-choices', kind, opportunity.company, opportunity.customer], async () => {
    if (kind === 'ProductGroup') {
      const options = await api.call(opportunityOptions, { params: { sectionName: 'crm' } });
      return options.options.find((option) => option.name === `productGroup.${opportunity.company}`)?.values ?? [];
    }
    if (!opportunity.customer) return [];
    const page = await api.call(contactAccountList, { body: { accountType: 'Customer', accountId: opportunity.customer, company: opportunity.company, pageSize: 200 } });
    return page.rows.map((row) => ({ value: row.contact, label: row.contactName }));
  });
}

/** One kind of link of a saved opportunity: its rows, a remove button each, and a picker to add one. */
function LinkSection({ kind, title, opportunity }: { kind: 'ProductGroup' | 'Contact'; title: string; opportunity: OpportunityItem }): ReactNode {
  const links = useLinks(kind, opportunity.opportunity);
  const choices = useLinkChoices(kind, opportunity);
  const [error, setError] = useState<string | null>(null);
  const linked = new Set((links.data?.rows ?? []).map((row) => row.code));
  const act = async (write: () => Promise<unknown>) => {
    setError(null);
    try {
      await write();
      await refreshOpportunities();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  const label = kind === 'ProductGroup' ? 'Add a product group' : 'Add a contact';
  return (
    <section className="tb-crm-links" aria-label={title}>
      <h3 className="tb-crm-links__title">
        {title} <span className="tb-crm-muted">({links.data?.rows.length ?? '…'})</span>
      </h3>
      {error && <Alert type="error" showIcon title={error} />}
      <ul className="tb-crm-links__list">
        {(links.data?.rows ?? []).map((row) => (
          <li key={row.id}>
            <span>
              {row.name ?? row.code} <span className="tb-crm-muted">{row.code}</span>
            </span>
            <Popconfirm title={`Remove ${row.name ?? row.code}?`} okText="Remove" onConfirm={() => void act(() => removeLink(kind, row))}>
              <Button type="text" size="small" aria-label={`Remove ${row.name ?? row.code}`} icon={<DeleteOutlined />} />
            </Popconfirm>
          </li>
        ))}
      </ul>
      <Select
        aria-label={label}
        placeholder={label}
        showSearch
        optionFilterProp="label"
        value={null}
        loading={choices.isLoading}
        notFoundContent={kind === 'Contact' && !opportunity.customer ? 'A prospect has no ERP contacts yet' : undefined}
        onChange={(code: string) => void act(() => addLink(kind, opportunity.opportunity, code, kind === 'ProductGroup' ? { amount: null } : {}))}
        options={(choices.data ?? []).filter((choice) => !linked.has(choice.value)).map((choice) => ({ value: choice.value, label: choice.label }))}
      />
    </section>
  );
}
