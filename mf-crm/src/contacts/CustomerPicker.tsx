import { useEffect, useState, type ReactNode } from 'react';
import { Select } from '@tradeboard/shared/ui/edit';
import { errorMessage } from '@tradeboard/shared/web';
import { searchCustomers, type ContactAccount } from '../api/contacts.ts';

type Hit = { value: string; label: string; account: ContactAccount };

/** A type-ahead over your customers: the one a new contact is created on. */
export function CustomerPicker({ onChange }: { onChange: (account: ContactAccount | null) => void }): ReactNode {
  const [text, setText] = useState('');
  const [hits, setHits] = useState<Hit[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const query = text.trim();
    if (!query) return setHits([]);
    let current = true;
    setLoading(true);
    const timer = setTimeout(() => {
      searchCustomers(query)
        .then((page) => {
          if (!current) return;
          setError(null);
          setHits(
            page.rows.map((row) => ({
              value: `${row.company}/${row.accountId}`,
              label: `${row.accountName} · ${row.accountId}`,
              account: { company: row.company, customer: row.accountId, accountName: row.accountName },
            })),
          );
        })
        .catch((caught: unknown) => current && setError(errorMessage(caught)))
        .finally(() => current && setLoading(false));
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);
  return (
    <div className="tb-crm-field">
      <label htmlFor="crm-contact-customer">Customer</label>
      <Select
        id="crm-contact-customer"
        aria-label="Customer"
        showSearch
        filterOption={false}
        placeholder="Search your customers"
        onSearch={setText}
        loading={loading}
        status={error ? 'error' : undefined}
        notFoundContent={error ?? (text.trim() ? (loading ? 'Searching…' : 'No customer matches') : 'Type a name or number')}
        onChange={(value: string) => onChange(hits.find((hit) => hit.value === value)?.account ?? null)}
        options={hits.map(({ value, label }) => ({ value, label }))}
      />
    </div>
  );
}
