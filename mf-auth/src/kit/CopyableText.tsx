import { useEffect, useState, type ReactNode } from 'react';
import { CheckIcon, CopyIcon } from './icons.tsx';

type CopyableTextProps = { text: string; className?: string; children: ReactNode };

/** Bold text with a copy button ("Copy key", then "Copied" for a moment). */
export function CopyableText({ text, className, children }: CopyableTextProps): ReactNode {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [copied]);
  const handleCopy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (error) {
      console.warn('Copy failed', error);
    }
  };
  const label = copied ? 'Copied' : 'Copy key';
  return (
    <span className={className ? `tb-copyable ${className}` : 'tb-copyable'}>
      <strong>{children}</strong>
      <button type="button" className={copied ? 'tb-copyable__button tb-copyable__button--done' : 'tb-copyable__button'} aria-label={label} data-tip={label} onClick={() => void handleCopy()}>
        {copied ? <CheckIcon /> : <CopyIcon />}
      </button>
    </span>
  );
}
