import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { isSettingOn } from '@tradeboard/shared/user-settings';
import { Alert, Button, EditOutlined, PlusOutlined, Skeleton } from '@tradeboard/shared/ui';
import { errorMessage, useTradeboardStore } from '@tradeboard/shared/web';
import { accountOf, type SectionHeaderProps } from '../activities/AccountActivity.tsx';
import { useAccountContacts, type ContactAccount } from '../api/contacts.ts';
import { CrmStyles } from '../theme/crmStyles.tsx';

// The editor loads with the first click on "New contact" or a contact.
const ContactEditor = lazy(() => import('./ContactEditor.tsx'));

type Editing = { account?: ContactAccount; contact?: { contact: string; company: string } };

function EditorSlot({ editing, onClose }: { editing: Editing | null; onClose: () => void }): ReactNode {
  if (!editing) return null;
  return (
    <Suspense fallback={null}>
      <ContactEditor open onClose={onClose} account={editing.account} contact={editing.contact} />
    </Suspense>
  );
}

/** A customer's or ship-to's contacts on its summary: each opens the editor, "New contact" creates one there. */
function AccountContacts({ account }: { account: { company: string; accountType: 'Customer' | 'ShipTo'; accountId: string } }): ReactNode {
  const [editing, setEditing] = useState<Editing | null>(null);
  const contacts = useAccountContacts(account);
  const rows = contacts.data?.rows ?? [];
  const first = rows[0];
  // A ship-to's contacts are its customer's: a new one is the customer's, working at the ship-to.
  const target: ContactAccount | null =
    account.accountType === 'Customer'
      ? { company: account.company, customer: account.accountId, accountName: first?.customerName ?? null }
      : first?.customer
        ? { company: account.company, customer: first.customer, shipTo: account.accountId, accountName: first.customerName }
        : null;
  return (
    <section className="tb-crm-root tb-crm-strip" aria-label="Contacts">
      <CrmStyles />
      <div className="tb-crm-strip__head">
        <h2 className="tb-crm-strip__title">
          Contacts <span className="tb-crm-muted">{contacts.data ? `(${contacts.data.totalCount})` : ''}</span>
        </h2>
        <Button icon={<PlusOutlined />} onClick={() => setEditing({ account: target ?? undefined })} disabled={contacts.isLoading}>
          New contact
        </Button>
      </div>
      {contacts.error && <Alert type="error" showIcon title="The contacts could not be loaded" description={errorMessage(contacts.error)} />}
      {contacts.isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : rows.length === 0 ? (
        !contacts.error && <p className="tb-crm-muted">No contacts yet. Add the first one.</p>
      ) : (
        <ul className="tb-crm-contacts" aria-label="Account contacts">
          {rows.map((row) => (
            <li key={`${row.company}/${row.contact}`} className="tb-crm-contacts__item">
              <button type="button" className="tb-crm-link" onClick={() => setEditing({ contact: { contact: row.contact, company: row.company } })}>
                {row.contactName}
              </button>
              <span className="tb-crm-muted tb-crm-contacts__detail">{[row.title, row.email, row.phone].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
        </ul>
      )}
      <EditorSlot editing={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

/** The contacts section's and a contact summary's actions: "New contact" (a customer is picked in the editor), "Edit contact". */
function ContactActions({ contact }: { contact: { contact: string; company: string } | null }): ReactNode {
  const [editing, setEditing] = useState<Editing | null>(null);
  return (
    <div className="tb-crm-root tb-crm-strip__actions tb-crm-contact-actions">
      <CrmStyles />
      {contact && (
        <Button icon={<EditOutlined />} onClick={() => setEditing({ contact })}>
          Edit contact
        </Button>
      )}
      <Button type={contact ? 'default' : 'primary'} icon={<PlusOutlined />} onClick={() => setEditing({})}>
        New contact
      </Button>
      <EditorSlot editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

/**
 * The CRM's contact entry points above a section's board (the `sectionHeader` slot): on a
 * customer's or ship-to's summary its contacts and "New contact"; on the contacts section "New
 * contact"; on a contact summary "Edit contact" too. Shown to users with ContactAccessRight.
 */
export default function ContactsStrip({ sectionName, search }: SectionHeaderProps): ReactNode {
  const allowed = useTradeboardStore((state) => !!state.user && isSettingOn(state.user.settings, 'ContactAccessRight'));
  const account = useMemo(() => (sectionName === 'accountSummary' ? accountOf(search) : null), [sectionName, search]);
  const contact = useMemo(() => {
    const query = new URLSearchParams(search);
    const id = query.get('contactId');
    const company = query.get('company');
    return sectionName === 'contactSummary' && id && company ? { contact: id, company } : null;
  }, [sectionName, search]);
  if (!allowed) return null;
  if (account && account.accountType !== 'Prospect') return <AccountContacts account={{ ...account, accountType: account.accountType }} />;
  if (sectionName === 'contacts' || contact) return <ContactActions contact={contact} />;
  return null;
}
