import { useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { prospectAdd, prospectDuplicateCheck, prospectOptions, type ContractResult } from '@tradeboard/shared/contracts';
import { Alert, Button, Modal } from '@tradeboard/shared/ui';
import { Input, Select } from '@tradeboard/shared/ui/edit';
import { api, errorMessage, navigate } from '@tradeboard/shared/web';
import { accountSummaryHref, addressLine } from '../api/accountSearch.ts';

type Duplicates = ContractResult<typeof prospectDuplicateCheck>;
type Draft = { company: string; prospectName: string; branch: string; salesRep: string; address: string; city: string; state: string; postalCode: string; phone: string; accountClass1: string; source: string };

const EMPTY: Draft = { company: '', prospectName: '', branch: '', salesRep: '', address: '', city: '', state: '', postalCode: '', phone: '', accountClass1: '', source: '' };

/** A labelled field of the form. */
function Field({ label, id, children }: { label: string; id: string; children: ReactNode }): ReactNode {
  return (
    <div className="tb-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/**
 * Add a prospect (seed 001 §7.12, behind ProspectAccessRight): the form's choices come from
 * Prospect/Options/{sectionName}; Save first asks Prospect/DuplicateCheck and, when the prospect
 * looks like an account that exists, shows the likely duplicates — the user may still save.
 */
export default function AddProspectDialog({ sectionName, open, onClose }: { sectionName: string; open: boolean; onClose: () => void }): ReactNode {
  const options = useSWR(open ? ['prospect-options', sectionName] : null, () => api.call(prospectOptions, { params: { sectionName } }), { revalidateOnFocus: false });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [duplicates, setDuplicates] = useState<Duplicates | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choices = useMemo(() => new Map((options.data?.options ?? []).map((option) => [option.name, option.values])), [options.data]);
  const choicesOf = (name: string) => (choices.get(name) ?? []).map(({ value, label }) => ({ value, label: label === value ? value : `${label} (${value})` }));
  const branches = (choices.get('branch') ?? []).filter((branch) => !draft.company || branch.label.endsWith(`(${draft.company})`)).map(({ value, label }) => ({ value, label }));

  const set = (field: keyof Draft) => (value: string) => {
    setDraft((previous) => ({ ...previous, [field]: value, ...(field === 'company' ? { branch: '' } : {}) }));
    setDuplicates(null);
  };
  const close = () => {
    setDraft(EMPTY);
    setDuplicates(null);
    setError(null);
    onClose();
  };
  const missing = !draft.company || !draft.prospectName.trim() || !draft.branch;

  const add = async () => {
    const optional = (value: string) => value.trim() || null;
    const prospect = await api.call(prospectAdd, {
      body: {
        company: draft.company,
        prospectName: draft.prospectName.trim(),
        branch: draft.branch,
        ...(draft.salesRep ? { salesRep: draft.salesRep } : {}),
        address: optional(draft.address),
        city: optional(draft.city),
        state: optional(draft.state),
        postalCode: optional(draft.postalCode),
        phone: optional(draft.phone),
        accountClass1: optional(draft.accountClass1),
        source: optional(draft.source),
      },
    });
    close();
    navigate(accountSummaryHref({ accountType: 'Prospect', accountId: prospect.customer, company: prospect.company }));
  };

  const save = async (anyway: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if (!anyway) {
        const check = await api.call(prospectDuplicateCheck, {
          body: { company: draft.company, prospectName: draft.prospectName.trim(), phone: draft.phone.trim() || null, postalCode: draft.postalCode.trim() || null },
        });
        if (check.isDuplicate) {
          setDuplicates(check);
          return;
        }
      }
      await add();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const input = (field: keyof Draft, label: string, maxLength: number) => (
    <Field label={label} id={`prospect-${field}`}>
      <Input id={`prospect-${field}`} value={draft[field]} maxLength={maxLength} onChange={(event) => set(field)(event.target.value)} />
    </Field>
  );
  const select = (field: keyof Draft, label: string, values: Array<{ value: string; label: string }>, required = false) => (
    <Field label={required ? `${label} *` : label} id={`prospect-${field}`}>
      <Select
        id={`prospect-${field}`}
        aria-label={label}
        value={draft[field] || undefined}
        onChange={(value: string | undefined) => set(field)(value ?? '')}
        options={values}
        allowClear={!required}
        showSearch={{ optionFilterProp: 'label' }}
        loading={options.isLoading}
        placeholder={required ? 'Choose…' : 'Optional'}
      />
    </Field>
  );

  return (
    <Modal
      open={open}
      onCancel={close}
      title="Add Prospect"
      width={640}
      footer={
        duplicates ? (
          <>
            <Button onClick={() => setDuplicates(null)}>Back</Button>
            <Button type="primary" danger loading={busy} onClick={() => void save(true)}>
              Save anyway
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" loading={busy} disabled={missing} onClick={() => void save(false)}>
              Save
            </Button>
          </>
        )
      }
    >
      {options.error && <Alert type="error" showIcon title="The form's choices could not be loaded" description={errorMessage(options.error)} />}
      {error && <Alert type="error" showIcon title="The prospect was not saved" description={error} />}
      {duplicates ? (
        <Alert
          type="warning"
          showIcon
          title="This prospect may already exist"
          description={
            <>
              <ul className="tb-duplicates">
                {duplicates.matches.map((match) => (
                  <li key={`${match.accountType}|${match.company}|${match.accountId}`}>
                    <a href={accountSummaryHref(match)} target="_blank" rel="noreferrer">
                      {match.accountName}
                    </a>{' '}
                    <span className="tb-muted">
                      {match.accountType} {match.accountId} · {addressLine(match)} · same {match.matchedOn.join(', ')}
                    </span>
                  </li>
                ))}
              </ul>
              {duplicates.otherAccountCount > 0 && <p>{duplicates.otherAccountCount} more of other reps’ accounts match.</p>}
              <p>Save it anyway, or go back and change it.</p>
            </>
          }
        />
      ) : (
        <div className="tb-form">
          {select('company', 'Company', choicesOf('company'), true)}
          {input('prospectName', 'Prospect name *', 100)}
          {select('branch', 'Branch', branches, true)}
          {select('salesRep', 'Sales rep', choicesOf('salesRep'))}
          {input('address', 'Address', 100)}
          {input('city', 'City', 60)}
          {select('state', 'State', choicesOf('state'))}
          {input('postalCode', 'Postal code', 20)}
          {input('phone', 'Phone', 40)}
          {select('accountClass1', 'Account class', choicesOf('accountClass1'))}
          {select('source', 'Source', choicesOf('source'))}
        </div>
      )}
    </Modal>
  );
}
