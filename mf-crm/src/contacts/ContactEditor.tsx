import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, DeleteOutlined, Drawer, Popconfirm, Skeleton, Tag } from '@tradeboard/shared/ui';
import { Input, type InputRef } from '@tradeboard/shared/ui/edit';
import { errorMessage } from '@tradeboard/shared/web';
import { conflictOf } from '../api/activities.ts';
import {
  createContact,
  deleteContact,
  draftOf,
  refreshContacts,
  updateContact,
  useContact,
  type ContactAccount,
  type ContactDetail,
  type ContactDraft,
  type ContactDuplicate,
} from '../api/contacts.ts';
import { CrmStyles } from '../theme/crmStyles.tsx';
import { CustomerPicker } from './CustomerPicker.tsx';
import { ShipToLinks } from './ShipToLinks.tsx';
import { UserDefinedInputs, useUserDefinedDraft } from '../udf/UserDefinedFields.tsx';
import { ConflictAlert } from '../editor/ConflictAlert.tsx';

export type ContactEditorProps = {
  open: boolean;
  onClose: () => void;
  /** The customer (and ship-to) to create a contact on; without it (and without a contact) the editor asks for the customer. */
  account?: ContactAccount;
  /** The contact to edit, by number (read when the editor opens). */
  contact?: { contact: string; company: string };
  onSaved?: (contact: ContactDetail) => void;
};

const FIELDS: ReadonlyArray<{ field: keyof ContactDraft; label: string; type?: string; maxLength: number; autoComplete: string }> = [
  { field: 'firstName', label: 'First name', maxLength: 60, autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name', maxLength: 60, autoComplete: 'family-name' },
  { field: 'title', label: 'Title', maxLength: 80, autoComplete: 'organization-title' },
  { field: 'email', label: 'E-mail', type: 'email', maxLength: 254, autoComplete: 'email' },
  { field: 'phone', label: 'Phone', type: 'tel', maxLength: 40, autoComplete: 'tel' },
  { field: 'physAddress1', label: 'Address', maxLength: 120, autoComplete: 'street-address' },
  { field: 'physCity', label: 'City', maxLength: 60, autoComplete: 'address-level2' },
  { field: 'physState', label: 'State', maxLength: 20, autoComplete: 'address-level1' },
  { field: 'physPostalCode', label: 'Postal code', maxLength: 20, autoComplete: 'postal-code' },
];

/**
 * Create a contact on a customer, or edit one (seed 001 §7.12): a slide-over with its name, title,
 * e-mail, phone and address and, once saved, the ship-tos it works at (link one of the customer's,
 * unlink a linked one). A save that finds the same e-mail or phone on another of your contacts
 * still saves and warns, naming them. An edit someone else's came before answers 409: their
 * version is shown, nothing is lost.
 */
export default function ContactEditor({ open, onClose, account: given, contact: reference, onSaved }: ContactEditorProps): ReactNode {
  const loaded = useContact(open && reference ? reference.contact : null, reference?.company ?? null);
  const [contact, setContact] = useState<ContactDetail | null>(null);
  const [account, setAccount] = useState<ContactAccount | null>(given ?? null);
  const [draft, setDraft] = useState<ContactDraft>(draftOf(null));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ContactDetail | null>(null);
  const [duplicates, setDuplicates] = useState<ContactDuplicate[]>([]);
  const firstRef = useRef<InputRef>(null);
  const more = useUserDefinedDraft('Contact', contact?.contact ?? null, contact?.company);

  const load = (from: ContactDetail | null) => {
    setContact(from);
    setDraft(draftOf(from));
    setError(null);
    setConflict(null);
  };
  useEffect(() => {
    if (open && !reference) {
      load(null);
      setAccount(given ?? null);
      setDuplicates([]);
    }
  }, [open, reference, given]);
  useEffect(() => {
    if (loaded.data) load(loaded.data);
  }, [loaded.data]);

  /** A 409 shows the current contact (nothing is lost); any other failure its message. */
  const failed = (caught: unknown) => {
    const current = conflictOf<ContactDetail>(caught);
    if (current) setConflict(current);
    else setError(errorMessage(caught));
  };

  const set = (field: keyof ContactDraft, value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const save = async () => {
    if (!draft.firstName.trim() && !draft.lastName.trim()) {
      setError('Give the contact a first or last name.');
      firstRef.current?.focus();
      return;
    }
    if (!contact && !account) {
      setError('Choose the customer the contact works for.');
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
      const saved = contact ? await updateContact(contact, draft) : await createContact(account!, draft);
      await more.save(saved.contact.contact, saved.contact.company);
      await refreshContacts();
      setDuplicates(saved.duplicates);
      load(saved.contact);
      onSaved?.(saved.contact);
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!contact) return;
    setBusy(true);
    try {
      await deleteContact(contact);
      await refreshContacts();
      onClose();
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void save();
  };
  const customerLine = contact ? `${contact.customerName ?? contact.customer ?? ''} · Customer ${contact.customer ?? ''}` : account ? `${account.accountName ?? account.customer} · Customer ${account.customer}` : null;
  const loading = !!reference && !contact && !loaded.error;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={contact ? 'Edit contact' : 'New contact'}
      size={520}
      destroyOnHidden
      afterOpenChange={(visible) => visible && firstRef.current?.focus()}
      footer={
        <div className="tb-crm-editor__footer">
          {contact && (
            <Popconfirm title={`Delete ${contact.contactName}?`} description="Its links go with it." okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => void remove()}>
              <Button danger icon={<DeleteOutlined />} disabled={busy}>
                Delete
              </Button>
            </Popconfirm>
          )}
          <span className="tb-crm-editor__spacer" />
          <Button onClick={onClose}>{contact && !reference ? 'Done' : 'Cancel'}</Button>
          <Button type="primary" onClick={() => void save()} loading={busy} disabled={!!conflict || loading}>
            Save
          </Button>
        </div>
      }
    >
      <CrmStyles />
      <div className="tb-crm-root tb-crm-editor" onKeyDown={onKeyDown}>
        {loaded.error && <Alert type="error" showIcon title="The contact could not be loaded" description={errorMessage(loaded.error)} />}
        {loading ? (
          <Skeleton active title={false} paragraph={{ rows: 6 }} />
        ) : (
          <>
            {customerLine ? (
              <p className="tb-crm-muted tb-crm-editor__account">
                {customerLine} {contact && <Tag>{contact.contact}</Tag>}
              </p>
            ) : (
              !reference && <CustomerPicker onChange={setAccount} />
            )}
            {conflict && (
              <ConflictAlert
                what="contact"
                now={
                  <>
                    It is now “{conflict.contactName}”{conflict.title ? `, ${conflict.title}` : ''}{conflict.email ? `, ${conflict.email}` : ''}.
                  </>
                }
                onEditTheirs={() => load(conflict)}
              />
            )}
            {duplicates.length > 0 && (
              <Alert
                type="warning"
                showIcon
                title="Saved — this may be a duplicate"
                description={
                  <ul className="tb-crm-duplicates">
                    {duplicates.map((d) => (
                      <li key={`${d.company}/${d.contact}`}>
                        {d.contactName} ({d.customerName ?? d.contact}) has the same {d.matchedOn === 'email' ? `e-mail ${d.email}` : `phone ${d.phone}`}
                      </li>
                    ))}
                  </ul>
                }
              />
            )}
            {error && <Alert type="error" showIcon title={error} />}
            <div className="tb-crm-editor__dates">
              {FIELDS.map(({ field, label, type, maxLength, autoComplete }, index) => (
                <div className="tb-crm-field" key={field}>
                  <label htmlFor={`crm-contact-${field}`}>{label}</label>
                  <Input
                    id={`crm-contact-${field}`}
                    ref={index === 0 ? firstRef : undefined}
                    type={type}
                    autoComplete={autoComplete}
                    value={draft[field]}
                    maxLength={maxLength}
                    onChange={(event) => set(field, event.target.value)}
                  />
                </div>
              ))}
            </div>
            <UserDefinedInputs draft={more} idPrefix="crm-contact" />
            {contact ? <ShipToLinks contact={contact} /> : <p className="tb-crm-muted tb-crm-editor__hint">Ship-tos are linked once the contact is saved.</p>}
            <p className="tb-crm-muted tb-crm-editor__hint">Ctrl+Enter saves.</p>
          </>
        )}
      </div>
    </Drawer>
  );
}
