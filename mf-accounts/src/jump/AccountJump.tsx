import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { AutoComplete, Select } from '@tradeboard/shared/ui';
import { navigate, useTradeboardStore } from '@tradeboard/shared/web';
import {
  ACCOUNT_TYPE_LABELS,
  OPERATORS,
  TYPE_AHEAD,
  accountSummaryHref,
  addressLine,
  searchAccounts,
  type AccountHit,
  type JumpAccountType,
  type SearchOperator,
} from '../api/accountSearch.ts';
import { defaultJumpAccountType, jumpAccountTypes } from '../api/userAccess.ts';
import { useTypeAhead } from '../api/useTypeAhead.ts';

/** An option's value: what a screen reader announces for the active result (unique per account). */
const hitKey = (hit: AccountHit) => `${hit.accountName} (${hit.accountId}, company ${hit.company})`;

/** One result: name and id, then company, address and branch (seed 000 "Jump-to search"). */
export function HitLabel({ hit }: { hit: AccountHit }): ReactNode {
  const branch = hit.branchName ?? hit.branch;
  return (
    <div className="tb-hit">
      <div className="tb-hit__title">
        <span className="tb-hit__name">{hit.accountName}</span>
        <span className="tb-hit__id">{hit.accountId}</span>
      </div>
      <div className="tb-hit__meta">
        <span>Company {hit.company}</span>
        {addressLine(hit) && <span>{addressLine(hit)}</span>}
        {branch && <span>Branch {branch}</span>}
      </div>
    </div>
  );
}

/**
 * The account jump (seed 000 "Jump-to search"): account type, match operator and a type-ahead.
 * Choosing a result opens its account summary and resets the search (type back to the default).
 */
export function AccountJump(): ReactNode {
  const user = useTradeboardStore((state) => state.user);
  const types = useMemo(() => jumpAccountTypes(user), [user]);
  const initialType = defaultJumpAccountType(user, types);
  const [type, setType] = useState<JumpAccountType>(initialType);
  const [operator, setOperator] = useState<SearchOperator>('Contains');
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const activeType = types.includes(type) ? type : initialType;

  const { results, loading, error, key } = useTypeAhead(
    trimmed ? { key: `${activeType}|${operator}|${trimmed}`, run: (signal) => searchAccounts(activeType, trimmed, operator, signal) } : null,
    TYPE_AHEAD.debounceMs,
  );
  const current = key === `${activeType}|${operator}|${trimmed}`;
  const byKey = useMemo(() => new Map(results.map((hit) => [hitKey(hit), hit])), [results]);

  const reset = () => {
    setText('');
    setType(initialType);
    setOperator('Contains');
  };
  const choose = (value: string) => {
    const hit = byKey.get(value);
    if (!hit) return;
    reset();
    navigate(accountSummaryHref(hit));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setText('');
  };

  let notFound: ReactNode = null;
  if (trimmed && (loading || !current)) notFound = <span className="tb-muted">Searching…</span>;
  else if (trimmed && error) notFound = <span className="tb-danger">The search failed. Try again.</span>;
  else if (trimmed) notFound = <span className="tb-muted">No {ACCOUNT_TYPE_LABELS[activeType].toLowerCase()} matches “{trimmed}”</span>;

  return (
    <div className="tb-jump" role="search" aria-label="Jump to account">
      <Select
        className="tb-jump__type"
        aria-label="Account type"
        value={activeType}
        onChange={(value: JumpAccountType) => setType(value)}
        options={types.map((value) => ({ value, label: ACCOUNT_TYPE_LABELS[value] }))}
        popupMatchSelectWidth={false}
      />
      <Select
        className="tb-jump__operator"
        aria-label="Match"
        value={operator}
        onChange={(value: SearchOperator) => setOperator(value)}
        options={OPERATORS.map((option) => ({ ...option }))}
        popupMatchSelectWidth={false}
      />
      <AutoComplete
        className="tb-jump__input"
        aria-label="Jump to account"
        placeholder={`Jump to ${ACCOUNT_TYPE_LABELS[activeType]}…`}
        value={text}
        onChange={(value: string) => setText(value)}
        onSelect={choose}
        onKeyDown={onKeyDown}
        options={current ? results.map((hit) => ({ value: hitKey(hit), label: <HitLabel hit={hit} /> })) : []}
        notFoundContent={notFound}
        filterOption={false}
        defaultActiveFirstOption
        allowClear
        popupMatchSelectWidth={420}
      />
    </div>
  );
}
