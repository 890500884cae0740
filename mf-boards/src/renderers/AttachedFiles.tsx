import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import useSWR from 'swr';
import { App, Button, DeleteOutlined, DownloadOutlined, FileTextOutlined, PlusOutlined } from '@tradeboard/shared/ui';
import { DOC_LINK_MAX_BYTES, docLinkDelete, docLinkDownload, docLinkList, docLinkUpload, type ContractResult } from '@tradeboard/shared/contracts';
import type { FilterValue } from '@tradeboard/shared/boards';
import { api, downloadFile, uploadFile } from '@tradeboard/shared/web';

type Source = 'Customer' | 'ShipTo' | 'Supplier';
export type FileOwner = { source: Source; id: string; id2: string };
type FileItem = ContractResult<typeof docLinkList>['files'][number];

const SOURCES: Readonly<Record<string, Source>> = { customer: 'Customer', shipto: 'ShipTo' };

/** The account a page is about (accountSummary's accountType/accountId/company, supplierSummary's supplier/company): what files attach to; null elsewhere. */
export function fileOwnerOf(filters: readonly FilterValue[]): FileOwner | null {
  const value = (field: string) => {
    const filter = filters.find((f) => f.field === field && f.comparison === 'equals' && f.values.length === 1);
    return filter ? String(filter.values[0]) : undefined;
  };
  const company = value('company');
  if (!company) return null;
  const supplier = value('supplier');
  if (supplier) return { source: 'Supplier', id: supplier, id2: company };
  const source = SOURCES[(value('accountType') ?? 'customer').toLowerCase()];
  const accountId = value('accountId');
  return source && accountId ? { source, id: accountId, id2: company } : null;
}

const MB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const serverMessage = (error: unknown) => (error as { serverMessage?: string }).serverMessage ?? (error instanceof Error ? error.message : String(error));

/**
 * The files attached to the page's account (DocLink): listed for everyone who sees the card, each
 * a download; in edit mode a drop zone (or "Attach File") uploads through the one upload path with
 * its progress shown, and each file can be removed after a confirmation.
 */
export function AttachedFiles({ owner, editMode }: { owner: FileOwner; editMode: boolean }): ReactNode {
  const { message, modal } = App.useApp();
  const key = ['DocLink/List', owner.source, owner.id, owner.id2];
  const { data, error, mutate, isLoading } = useSWR(key, () => api.call(docLinkList, { body: owner }));
  const [progress, setProgress] = useState<{ name: string; share: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const cancel = useRef<AbortController | null>(null);

  const upload = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setProblem(null);
    if (file.size > DOC_LINK_MAX_BYTES) {
      setProblem(`${file.name} is ${sizeText(file.size)}; a document may be at most ${sizeText(DOC_LINK_MAX_BYTES)}. Nothing was uploaded.`);
      return;
    }
    cancel.current = new AbortController();
    setProgress({ name: file.name, share: 0 });
    try {
      await uploadFile(docLinkUpload, {
        params: { source: owner.source },
        query: { id: owner.id, id2: owner.id2 },
        file,
        signal: cancel.current.signal,
        onProgress: (share) => setProgress({ name: file.name, share }),
      });
      message.success(`${file.name} attached`);
      await mutate();
    } catch (failure) {
      if ((failure as Error).name !== 'CancelError') setProblem(`${file.name} was not attached: ${serverMessage(failure)}`);
    } finally {
      setProgress(null);
      cancel.current = null;
      if (input.current) input.current.value = '';
    }
  };

  const download = (file: FileItem) =>
    downloadFile(docLinkDownload, { query: { filePath: file.filePath }, fallbackName: file.fileName }).catch((failure: unknown) => message.error(`${file.fileName} could not be downloaded: ${serverMessage(failure)}`));

  const remove = (file: FileItem) =>
    modal.confirm({
      title: `Remove ${file.fileName}?`,
      content: 'The file is deleted for everyone who sees this account.',
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api.call(docLinkDelete, { query: { filePath: file.filePath } });
          await mutate();
        } catch (failure) {
          message.error(`${file.fileName} could not be removed: ${serverMessage(failure)}`);
        }
      },
    });

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files);
  };

  const files = data?.files ?? [];
  return (
    <section className="tb-files" aria-label="Attached files">
      <h4 className="tb-files__title">Attached files</h4>
      {error ? (
        <p className="tb-muted" role="alert">
          The attached files could not be loaded: {serverMessage(error)}
        </p>
      ) : isLoading ? (
        <p className="tb-muted">Loading attached files…</p>
      ) : files.length === 0 ? (
        <p className="tb-muted">No files attached yet.</p>
      ) : (
        <ul className="tb-links__list">
          {files.map((file) => (
            <li key={file.filePath}>
              <FileTextOutlined aria-hidden />
              <a
                href="#"
                onClick={(event) => {
                  event.preventDefault();
                  void download(file);
                }}
                aria-label={`Download ${file.fileName}`}
              >
                {file.fileName}
              </a>
              <span className="tb-muted tb-files__size">{sizeText(file.byteSize)}</span>
              <Button size="small" type="text" icon={<DownloadOutlined />} aria-label={`Download ${file.fileName} file`} onClick={() => void download(file)} />
              {editMode && <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Remove file ${file.fileName}`} onClick={() => remove(file)} />}
            </li>
          ))}
        </ul>
      )}
      {editMode && (
        <div
          className={`tb-files__drop${dragging ? ' tb-files__drop--over' : ''}`}
          role="group"
          aria-label="Drop a file here to attach it"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {progress ? (
            <div className="tb-files__progress">
              <label>
                Uploading {progress.name}… {Math.round(progress.share * 100)}%
                <progress max={1} value={progress.share} aria-label={`Uploading ${progress.name}`} />
              </label>
              <Button size="small" onClick={() => cancel.current?.abort()}>
                Cancel
              </Button>
            </div>
          ) : (
            <>
              <span className="tb-muted">Drop a file here (PDF, image, office document; at most {sizeText(DOC_LINK_MAX_BYTES)}) or</span>
              <Button size="small" icon={<PlusOutlined />} onClick={() => input.current?.click()}>
                Attach File
              </Button>
            </>
          )}
          <input ref={input} type="file" hidden aria-label="File to attach" onChange={(event) => void upload(event.target.files)} />
        </div>
      )}
      {problem && (
        <p className="tb-links__error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
