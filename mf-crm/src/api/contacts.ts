import useSWR, { mutate } from 'swr';
import {
  contactAccountList,
  contactAddShipTo,
  contactById,
  contactCreate,
  contactDelete,
  contactRemoveShipTo,
  contactShipToList,
  contactUpdate,
  customerSearch,
  shipToList,
  type ContactDetail,
  type ContactSaved,
} from '@tradeboard/shared/contracts';
import { api } from '@tradeboard/shared/web';

export type { ContactDetail, ContactSaved };
export type ContactDuplicate = ContactSaved['duplicates'][number];

/** The customer (and maybe ship-to) a new contact is created on. */
export type ContactAccount = { company: string; customer: string; shipTo?: string | null; accountName?: string | null };

/** Every contact read's SWR key starts with this: a write revalidates them all. */
const CONTACT_KEY = 'crm-contacts';

export function refreshContacts(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === CONTACT_KEY);
}

/** A customer's or ship-to's contacts (the ship-to's are its customer's, those at another site left out). */
export function useAccountContacts(account: { company: string; accountType: 'Customer' | 'ShipTo'; accountId: string } | null) {
  return useSWR(account ? [CONTACT_KEY, 'account', account.company, account.accountType, account.accountId] : null, () =>
    api.call(contactAccountList, { body: { accountType: account!.accountType, accountId: account!.accountId, company: account!.company, pageSize: 100 } }),
  );
}

export function useContact(contactId: string | null, company: string | null) {
  return useSWR(contactId ? [CONTACT_KEY, 'one', contactId, company ?? ''] : null, () =>
    api.call(contactById, { query: { contactId: contactId!, ...(company ? { company } : {}) } }),
  );
}

/** The ship-tos a contact works at: its own first, then the linked ones. */
export function useContactShipTos(contact: ContactDetail | null) {
  return useSWR(contact ? [CONTACT_KEY, 'shipTos', contact.company, contact.contact] : null, () =>
    api.call(contactShipToList, { body: { contact: contact!.contact, company: contact!.company } }),
  );
}

/** A ship-to a contact may be linked to (ShipToListItem's fields the picker shows). */
export type CustomerShipTo = { shipTo: string; shipToName: string };

/** A customer's ship-tos (the choices to link). */
export function useCustomerShipTos(company: string | null, customer: string | null) {
  return useSWR(company && customer ? [CONTACT_KEY, 'customerShipTos', company, customer] : null, async () => {
    const page = await api.call(shipToList, {
      body: {
        filters: [
          { field: 'company', comparison: 'equals', values: [company!] },
          { field: 'customer', comparison: 'equals', values: [customer!] },
        ],
        pageSize: 200,
      },
    });
    return page.rows as CustomerShipTo[];
  });
}

/** The caller's customers matching a text (the new contact's customer picker). */
export function searchCustomers(text: string) {
  return api.call(customerSearch, { params: { includeProspectAccounts: false }, body: { searchString: text, pageSize: 20 } });
}

export type ContactDraft = {
  firstName: string;
  lastName: string;
  title: string;
  email: string;
  phone: string;
  physAddress1: string;
  physCity: string;
  physState: string;
  physPostalCode: string;
};

const fieldsOf = (draft: ContactDraft) => Object.fromEntries(Object.entries(draft).map(([name, value]) => [name, value.trim() || null])) as Record<keyof ContactDraft, string | null>;

export function draftOf(contact: ContactDetail | null): ContactDraft {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    firstName: text(contact?.firstName),
    lastName: text(contact?.lastName),
    title: text(contact?.title),
    email: text(contact?.email),
    phone: text(contact?.phone),
    physAddress1: text(contact?.physAddress1),
    physCity: text(contact?.physCity),
    physState: text(contact?.physState),
    physPostalCode: text(contact?.physPostalCode),
  };
}

/** The name a contact shows: given first and last names; the one stored when neither is. */
const nameOf = (draft: ContactDraft, contact: ContactDetail | null) => [draft.firstName.trim(), draft.lastName.trim()].filter(Boolean).join(' ') || contact?.contactName || null;

export function createContact(account: ContactAccount, draft: ContactDraft) {
  return api.call(contactCreate, { body: { company: account.company, customer: account.customer, shipTo: account.shipTo ?? null, ...fieldsOf(draft), contactName: nameOf(draft, null) } });
}

export function updateContact(contact: ContactDetail, draft: ContactDraft) {
  return api.call(contactUpdate, { params: { contact: contact.contact }, body: { company: contact.company, ...fieldsOf(draft), contactName: nameOf(draft, contact), version: contact.version } });
}

export function deleteContact(contact: ContactDetail) {
  return api.call(contactDelete, { params: { contact: contact.contact }, query: { company: contact.company, version: contact.version } });
}

export function linkShipTo(contact: ContactDetail, shipTo: string) {
  return api.call(contactAddShipTo, { body: { contact: contact.contact, company: contact.company, shipTo } });
}

export function unlinkShipTo(contact: ContactDetail, shipTo: string) {
  return api.call(contactRemoveShipTo, { query: { contact: contact.contact, company: contact.company, shipTo } });
}
