import { useState, type ReactNode } from 'react';
import { Alert, Button, DeleteOutlined, Popconfirm, Skeleton, Tag } from '@tradeboard/shared/ui';
import { Select } from '@tradeboard/shared/ui/edit';
import { errorMessage } from '@tradeboard/shared/web';
import { linkShipTo, refreshContacts, unlinkShipTo, useContactShipTos, useCustomerShipTos, type ContactDetail } from '../api/contacts.ts';

/**
 * The ship-tos a saved contact works at: the one it belongs to (not removable here), the linked
 * ones (each with an unlink button) and a picker of its customer's other ship-tos to link.
 */
export function ShipToLinks({ contact }: { contact: ContactDetail }): ReactNode {
  const links = useContactShipTos(contact);
  const choices = useCustomerShipTos(contact.company, contact.customer);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = links.data?.rows ?? [];
  const linked = new Set(rows.map((row) => row.code));
  const act = async (write: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await write();
      await refreshContacts();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  const options = (choices.data ?? []).filter((site) => !linked.has(site.shipTo)).map((site) => ({ value: site.shipTo, label: `${site.shipToName} · ${site.shipTo}` }));

  return (
    <section className="tb-crm-links" aria-label="Ship-tos">
      <h3 className="tb-crm-links__title">
        Ship-tos <span className="tb-crm-muted">({links.data ? rows.length : '…'})</span>
      </h3>
      {(error || links.error) && <Alert type="error" showIcon title={error ?? 'The ship-tos could not be loaded'} description={links.error ? errorMessage(links.error) : undefined} />}
      {links.isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : rows.length === 0 ? (
        <p className="tb-crm-muted tb-crm-editor__hint">Not linked to a ship-to yet.</p>
      ) : (
        <ul className="tb-crm-links__list">
          {rows.map((row) => (
            <li key={row.code}>
              <span>
                {row.name ?? row.code} <span className="tb-crm-muted">{row.code}</span> {row.isPrimary && <Tag>Works here</Tag>}
              </span>
              {!row.isPrimary && (
                <Popconfirm title={`Unlink ${row.name ?? row.code}?`} okText="Unlink" onConfirm={() => void act(() => unlinkShipTo(contact, row.code))}>
                  <Button type="text" size="small" aria-label={`Unlink ${row.name ?? row.code}`} icon={<DeleteOutlined />} disabled={busy} />
                </Popconfirm>
              )}
            </li>
          ))}
        </ul>
      )}
      <Select
        aria-label="Link a ship-to"
        placeholder={contact.customer ? 'Link a ship-to' : 'Only a customer contact works at ship-tos'}
        showSearch
        optionFilterProp="label"
        value={null}
        disabled={!contact.customer || busy}
        loading={choices.isLoading}
        notFoundContent={choices.isLoading ? 'Loading…' : 'No other ship-to of this customer'}
        onChange={(shipTo: string) => void act(() => linkShipTo(contact, shipTo))}
        options={options}
      />
    </section>
  );
}
