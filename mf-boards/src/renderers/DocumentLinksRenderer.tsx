import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, DeleteOutlined, LinkOutlined, PlusOutlined } from '@tradeboard/shared/ui';
import { Input } from '@tradeboard/shared/ui/edit';
import type { ComponentRendererProps } from '@tradeboard/shared/boards';
import { displayValue, withDisplayValue } from '../instances/configEquality.ts';
import { AttachedFiles } from '@tradeboard/shared/files';
import { fileOwnerOf } from './fileOwner.ts';

export const LINKS_CONTROL = 'links';

export type DocumentLink = { title: string; url: string };

/** Seed §5: a web address is host.tld with an optional http(s) prefix and path. */
export function isWebAddress(value: string): boolean {
  return /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(:\d+)?(\/\S*)?$/i.test(value.trim());
}

export function normalizeUrl(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export function readLinks(raw: string | undefined): DocumentLink[] {
  if (!raw) return [];
  try {
    const value = JSON.parse(raw) as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item): item is DocumentLink => typeof item?.title === 'string' && typeof item?.url === 'string' && isWebAddress(item.url),
    );
  } catch {
    return [];
  }
}

/**
 * Document Links (master 1002 `documentLinks`): a list of titled links kept in displayConfigs
 * 'links', added and removed in edit mode; on an account's page, beside them, the files attached
 * to the account (DocLink), uploaded by drag and drop in edit mode.
 */
export default function DocumentLinksRenderer({ config, editMode, onConfigDraft, filters }: ComponentRendererProps): ReactNode {
  const owner = fileOwnerOf(filters);
  const links = readLinks(displayValue(config, LINKS_CONTROL));
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = (next: DocumentLink[]) => onConfigDraft?.(withDisplayValue(config, LINKS_CONTROL, JSON.stringify(next)));

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!isWebAddress(url)) {
      setError('Enter a web address such as example.com/report.pdf');
      return;
    }
    const href = normalizeUrl(url);
    update([...links, { title: title.trim() || href, url: href }]);
    setTitle('');
    setUrl('');
    setError(null);
  };

  return (
    <div className="tb-links">
      {links.length === 0 ? (
        <p className="tb-muted">No document links yet.</p>
      ) : (
        <ul className="tb-links__list">
          {links.map((link, index) => (
            <li key={`${link.url}-${index}`}>
              <LinkOutlined aria-hidden />
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                {link.title}
              </a>
              {editMode && (
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Remove link ${link.title}`} onClick={() => update(links.filter((_, i) => i !== index))} />
              )}
            </li>
          ))}
        </ul>
      )}
      {editMode && (
        <form className="tb-links__form" onSubmit={add}>
          <Input size="small" placeholder="Title" aria-label="Link title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
          <Input size="small" placeholder="Web address" aria-label="Link address" value={url} onChange={(e) => setUrl(e.target.value)} status={error ? 'error' : undefined} />
          <Button size="small" htmlType="submit" icon={<PlusOutlined />}>
            Add Link
          </Button>
          {error && (
            <span className="tb-links__error" role="alert">
              {error}
            </span>
          )}
        </form>
      )}
      {owner && <AttachedFiles owner={owner} editMode={editMode} what={owner.source === 'Supplier' ? 'this supplier' : 'this account'} />}
    </div>
  );
}
