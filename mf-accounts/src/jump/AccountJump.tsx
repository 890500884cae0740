import { useMemo, useState, type ReactNode } from 'react';
// The chrome's entry, like the type-ahead beside it: drawn at once on the home board, antd's code
// loaded when the jump-to is first pointed at or focused (shared/src/ui/lazySelect.tsx).
import { Select } from '@tradeboard/shared/ui';
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
import { JumpInput } from './JumpInput.tsx';

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

  const query = `${activeType}|${operator}|${trimmed}`;
  const state = useTypeAhead(trimmed ? { key: query, run: (signal) => searchAccounts(activeType, trimmed, operator, signal) } : null, TYPE_AHEAD.debounceMs);

  const choose = (hit: AccountHit) => {
    setText('');
    setType(initialType);
    setOperator('Contains');
    navigate(accountSummaryHref(hit));
  };

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
      <JumpInput
        label="Jump to account"
        placeholder={`Jump to ${ACCOUNT_TYPE_LABELS[activeType]}…`}
        text={text}
        onText={setText}
        state={state}
        current={state.key === query}
        valueOf={hitKey}
        labelOf={(hit) => <HitLabel hit={hit} />}
        onChoose={choose}
        emptyText={`No ${ACCOUNT_TYPE_LABELS[activeType].toLowerCase()} matches “${trimmed}”`}
      />
    </div>
  );
}
