import type { ReactNode } from 'react';
import { AutoComplete } from '@tradeboard/shared/ui';
import type { TypeAheadState } from '../api/useTypeAhead.ts';

type Props<T> = {
  label: string;
  placeholder: string;
  text: string;
  onText: (text: string) => void;
  /** The type-ahead's state, and whether it answers what is typed now. */
  state: TypeAheadState<T>;
  current: boolean;
  /** An option's value (what a screen reader announces) and its rich label. */
  valueOf: (item: T) => string;
  labelOf: (item: T) => ReactNode;
  onChoose: (item: T) => void;
  emptyText: string;
};

/**
 * A jump-to's type-ahead box: results as options (arrows move, Enter chooses), "Searching…",
 * the failure and the empty answer in the drop-down; Escape clears the text.
 */
export function JumpInput<T>({ label, placeholder, text, onText, state, current, valueOf, labelOf, onChoose, emptyText }: Props<T>): ReactNode {
  const trimmed = text.trim();
  let notFound: ReactNode = null;
  if (trimmed && (state.loading || !current)) notFound = <span className="tb-muted">Searching…</span>;
  else if (trimmed && state.error) notFound = <span className="tb-danger">The search failed. Try again.</span>;
  else if (trimmed) notFound = <span className="tb-muted">{emptyText}</span>;
  const items = current ? state.results : [];
  return (
    <AutoComplete
      className="tb-jump__input"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(value: string) => onText(value)}
      onSelect={(value: string) => {
        const item = items.find((candidate) => valueOf(candidate) === value);
        if (item) onChoose(item);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onText('');
      }}
      options={items.map((item) => ({ value: valueOf(item), label: labelOf(item) }))}
      notFoundContent={notFound}
      filterOption={false}
      defaultActiveFirstOption
      allowClear
      popupMatchSelectWidth={420}
    />
  );
}
