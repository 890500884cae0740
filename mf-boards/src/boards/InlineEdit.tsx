import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Input, type InputRef } from '@tradeboard/shared/ui';

/** Seed §5: text inputs replace typographic right apostrophes with plain ones. */
export function plainApostrophes(text: string): string {
  return text.replace(/[\u2019\u2018]/g, "'");
}

/**
 * The name to save after an inline edit, or null when nothing is to be saved (seed 000 §5:
 * empty or unchanged names are not saved; names are trimmed).
 */
export function nameToSave(draft: string, original: string): string | null {
  const name = plainApostrophes(draft).trim();
  if (!name || name === original.trim()) return null;
  return name;
}

type Props = {
  value: string;
  /** Called with the trimmed, changed, non-empty name. */
  onSave: (name: string) => void;
  /** Called when editing ends without a save (Escape, empty, unchanged). */
  onDone: () => void;
  label: string;
  maxLength?: number;
  className?: string;
};

/** Inline name editor: Enter, Tab or click outside saves; Escape cancels (seed 000 §5). */
export function InlineEdit({ value, onSave, onDone, label, maxLength = 100, className }: Props): ReactNode {
  const [draft, setDraft] = useState(value);
  const input = useRef<InputRef>(null);
  const finished = useRef(false);

  useEffect(() => {
    input.current?.focus({ cursor: 'all' });
  }, []);

  const finish = (save: boolean) => {
    if (finished.current) return;
    finished.current = true;
    const name = save ? nameToSave(draft, value) : null;
    if (name !== null) onSave(name);
    onDone();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(false);
    } else if (event.key === 'Tab') {
      finish(true);
    }
  };

  return (
    <Input
      ref={input}
      size="small"
      aria-label={label}
      className={className}
      value={draft}
      maxLength={maxLength}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={handleKeyDown}
      onBlur={() => finish(true)}
      onClick={(event) => event.stopPropagation()}
    />
  );
}
