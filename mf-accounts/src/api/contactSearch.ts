import { contactList, type ContractResult } from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';
import { TYPE_AHEAD } from './accountSearch.ts';

export type ContactHit = ContractResult<typeof contactList>['rows'][number];

/** Your customers' contacts matching the text (seed 000 §9: 50 a page, sorted by name ascending). */
export async function searchContacts(searchString: string, limit: number = TYPE_AHEAD.pageSize, signal?: AbortSignal): Promise<ContactHit[]> {
  const result = await api.call(contactList, {
    body: { searchString, searchOperator: 'Contains', pageSize: limit, pageNumber: 1, sortBy: 'contactName', sortDir: 'asc' },
    signal,
  });
  return result.rows;
}

/**
 * /contactSummary?contactId=…&company=… (seed 000 §2: query contactId; the company keeps ids of two
 * companies apart), with the contact's customer as accountType/accountId, which narrow the page's
 * board to that account (implicitFilters).
 */
export function contactSummaryHref(contact: Pick<ContactHit, 'contact' | 'company' | 'customer'>): string {
  const query = new URLSearchParams({ contactId: contact.contact, company: contact.company });
  if (contact.customer) {
    query.set('accountType', 'customer');
    query.set('accountId', contact.customer);
  }
  return `/contactSummary?${query}`;
}

/** Who the contact is: title and account. */
export function contactLine(contact: ContactHit): string {
  return [contact.title, contact.customerName ?? contact.customer, contact.email, contact.phone].filter(Boolean).join(' · ');
}
