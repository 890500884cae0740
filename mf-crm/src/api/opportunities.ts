import useSWR, { mutate } from 'swr';
import {
  OPPORTUNITY_LINK_CALLS,
  OPPORTUNITY_LOOKUP_CALLS,
  opportunityCreate,
  opportunityFunnel,
  opportunityKpi,
  opportunityList,
  opportunityUpdate,
  type ContractBody,
  type ContractResult,
  type LookupItem,
  type OpportunityItem,
  type OpportunityLink,
  type OpportunityLinkKind,
  type OpportunityLookup,
} from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';
import type { ActivityAccount } from './activities.ts';

export type { LookupItem, OpportunityItem, OpportunityLink, OpportunityLinkKind, OpportunityLookup };
export type OpportunityListBody = ContractBody<typeof opportunityList>;
export type OpportunityKpi = ContractResult<typeof opportunityKpi>;
export type FunnelResult = ContractResult<typeof opportunityFunnel>;
export type OpportunityFilters = NonNullable<ContractBody<typeof opportunityKpi>['filters']>;

/** Every opportunity read's SWR key starts with this: a write revalidates them all. */
const OPPORTUNITY_KEY = 'crm-opportunities';

export function useOpportunities(body: OpportunityListBody | null) {
  return useSWR(body ? [OPPORTUNITY_KEY, 'list', JSON.stringify(body)] : null, () => api.call(opportunityList, { body: body! }), { keepPreviousData: true });
}

export function useOpportunityKpi(dateSlug?: string, filters: OpportunityFilters = []) {
  return useSWR([OPPORTUNITY_KEY, 'kpi', dateSlug ?? '', JSON.stringify(filters)], () =>
    api.call(opportunityKpi, { body: { ...(dateSlug ? { dateSlug } : {}), ...(filters.length ? { filters } : {}) } }),
  );
}

export function useFunnel(dateSlug?: string, filters: OpportunityFilters = []) {
  return useSWR([OPPORTUNITY_KEY, 'funnel', dateSlug ?? '', JSON.stringify(filters)], () =>
    api.call(opportunityFunnel, { params: { groupBy: 'stage' }, body: { ...(dateSlug ? { dateSlug } : {}), ...(filters.length ? { filters } : {}) } }),
  );
}

/** A DataManager list's active choices (Stage, Type, LostSales …). */
export function useLookup(lookup: OpportunityLookup) {
  const { contract } = OPPORTUNITY_LOOKUP_CALLS.find((call) => call.lookup === lookup)!;
  return useSWR([OPPORTUNITY_KEY, 'lookup', lookup], () => api.call(contract, { body: {} }) as Promise<{ rows: LookupItem[] }>);
}

/** Every opportunity read again (lists, KPIs, funnels, links) after a write. */
export function refreshOpportunities(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === OPPORTUNITY_KEY);
}

/** What the editor writes. */
export type OpportunityDraft = {
  name: string;
  description: string;
  stageId: number | null;
  probability: number | null;
  opportunitySize: number;
  expectedCloseDate: string | null;
  typeId: number | null;
  statusId: number | null;
  stepId: number | null;
  territoryId: number | null;
  leadSourceId: number | null;
  lostSalesId: number | null;
};

const written = (draft: OpportunityDraft) => ({ ...draft, name: draft.name.trim(), description: draft.description.trim() || null });

export function createOpportunity(account: ActivityAccount, draft: OpportunityDraft) {
  return api.call(opportunityCreate, { body: { company: account.company, accountType: account.accountType, accountId: account.accountId, ...written(draft) } });
}

export function updateOpportunity(opportunity: OpportunityItem, draft: OpportunityDraft) {
  return api.call(opportunityUpdate, { params: { opportunity: opportunity.opportunity }, body: { ...written(draft), version: opportunity.version } });
}

/** The draft of a stored opportunity (what an update sends back unchanged). */
export function draftOf(opportunity: OpportunityItem): OpportunityDraft {
  return {
    name: opportunity.name,
    description: opportunity.description ?? '',
    stageId: opportunity.stageId,
    probability: opportunity.probability,
    opportunitySize: opportunity.opportunitySize,
    expectedCloseDate: opportunity.expectedCloseDate,
    typeId: opportunity.typeId,
    statusId: opportunity.statusId,
    stepId: opportunity.stepId,
    territoryId: opportunity.territoryId,
    leadSourceId: opportunity.leadSourceId,
    lostSalesId: opportunity.lostSalesId,
  };
}

/** Moves an opportunity to a stage (the stage's probability; a lost stage with its reason). */
export function moveToStage(opportunity: OpportunityItem, stage: LookupItem, lostSalesId: number | null = null) {
  return updateOpportunity(opportunity, { ...draftOf(opportunity), stageId: stage.id, probability: null, lostSalesId });
}

const linkCalls = (kind: OpportunityLinkKind) => OPPORTUNITY_LINK_CALLS.find((calls) => calls.kind === kind)!;

export function useLinks(kind: OpportunityLinkKind, opportunity: number | null) {
  return useSWR(opportunity ? [OPPORTUNITY_KEY, 'links', kind, opportunity] : null, () =>
    api.call(linkCalls(kind).list, { body: { opportunity: opportunity! } }) as Promise<{ rows: OpportunityLink[] }>,
  );
}

export function addLink(kind: OpportunityLinkKind, opportunity: number, code: string, extra: { roleId?: number | null; amount?: number | null } = {}) {
  return api.call(linkCalls(kind).add, { body: { opportunity, code, ...extra } }) as Promise<OpportunityLink>;
}

export function removeLink(kind: OpportunityLinkKind, link: OpportunityLink) {
  return api.call(linkCalls(kind).delete, { params: { id: link.id } });
}
