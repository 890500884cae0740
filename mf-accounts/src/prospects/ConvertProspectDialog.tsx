import { useState, type ReactNode } from 'react';
import { mutate } from 'swr';
import { prospectConvert } from '@tradeboard/shared/contracts';
import { Alert, Button, Modal } from '@tradeboard/shared/ui';
import { Input } from '@tradeboard/shared/ui/edit';
import { api, errorMessage, navigate } from '@tradeboard/shared/web';
import { accountSummaryHref } from '../api/accountSearch.ts';

export type ProspectRef = { prospect: string; company: string; name: string };

/**
 * Convert a prospect to a customer (Prospect/ConvertProspectToCustomer, query fromId, toId,
 * company): the user picks the new customer number; the prospect leaves the prospect list and
 * the page moves to the new customer's summary.
 */
export default function ConvertProspectDialog({ prospect, open, onClose }: { prospect: ProspectRef; open: boolean; onClose: () => void }): ReactNode {
  const [toId, setToId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const convert = async () => {
    setBusy(true);
    setError(null);
    try {
      const customer = await api.call(prospectConvert, { query: { fromId: prospect.prospect, toId: toId.trim(), company: prospect.company } });
      // The record headers read before the conversion are stale now: read again when shown. (Only this
      // remote's keys: the cache is every app's, and the boards' section and page reads must stay.)
      await mutate((key) => typeof key === 'string' && key.startsWith('record|'));
      onClose();
      navigate(accountSummaryHref({ accountType: 'Customer', accountId: customer.customer, company: customer.company }));
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="Convert to Customer"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={busy} disabled={!toId.trim()} onClick={() => void convert()}>
            Convert
          </Button>
        </>
      }
    >
      <p>
        {prospect.name} (prospect {prospect.prospect}, company {prospect.company}) becomes a customer of the same rep.
      </p>
      <div className="tb-field">
        <label htmlFor="convert-to-id">New customer number</label>
        <Input id="convert-to-id" value={toId} maxLength={40} onChange={(event) => setToId(event.target.value)} onPressEnter={() => toId.trim() && void convert()} autoFocus />
      </div>
      {error && <Alert type="error" showIcon title="The prospect was not converted" description={error} />}
    </Modal>
  );
}
