import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Input, type InputRef } from '@tradeboard/shared/ui/edit';
import { nameToSave } from './names.ts';

export type InlineEditProps = {
  value: string;
  /** Called with the trimmed, changed, non-empty name. */
  onSave: (name: string) => void;
  /** Called when editing ends without a save (Escape, empty, unchanged). */
  onDone: () => void;
  label: string;
  maxLength?: number;
  className?: string;
};

/** The field of InlineEdit (./InlineEdit.tsx). */
export function InlineEditField({ value, onSave, onDone, label, maxLength = 100, className }: InlineEditProps): ReactNode {
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
