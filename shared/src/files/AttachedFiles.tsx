import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import useSWR from 'swr';
import { Button, DeleteOutlined, DownloadOutlined, FileTextOutlined, PlusOutlined, useFeedback } from '@tradeboard/shared/ui';
import { DOC_LINK_MAX_BYTES, docLinkDelete, docLinkDownload, docLinkList, docLinkUpload, type ContractResult, type DOC_LINK_SOURCES } from '@tradeboard/shared/contracts';
import { api, downloadFile, uploadFile } from '@tradeboard/shared/web';

/** What files attach to: an account (Customer, ShipTo, Supplier) or a document, by its number and company. */
export type FileOwner = { source: (typeof DOC_LINK_SOURCES)[number]; id: string; id2: string };
type FileItem = ContractResult<typeof docLinkList>['files'][number];

/** Its own rules (React hoists the <style> once, whichever remote draws it first). */
const ATTACHED_FILES_STYLES = `
.tb-files { margin-top: 14px; border-top: 1px solid var(--ant-color-border-secondary, #eee); padding-top: 10px; }
.tb-files__title { margin: 0 0 6px; font-size: 13px; font-weight: 600; }
.tb-files__list { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
.tb-files__list li { display: flex; align-items: center; gap: 8px; }
.tb-files__list a { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tb-files__size { flex: none; font-size: 12px; }
.tb-files__drop { margin-top: 10px; display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 12px; border: 1px dashed var(--ant-color-border, #ccc); border-radius: 6px; }
.tb-files__drop--over { border-color: var(--ant-color-primary, #1677ff); background: var(--ant-color-primary-bg, #e6f4ff); }
.tb-files__progress { display: flex; align-items: center; gap: 8px; width: 100%; }
.tb-files__progress label { flex: 1; display: grid; gap: 4px; font-size: 12px; }
.tb-files__progress progress { width: 100%; }
.tb-files__error { color: var(--tb-danger); font-size: 12px; width: 100%; }
`;

const MB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const serverMessage = (error: unknown) => (error as { serverMessage?: string }).serverMessage ?? (error instanceof Error ? error.message : String(error));

/**
 * The files attached to an account or a document (DocLink): listed for everyone who sees it, each
 * a download; in edit mode a drop zone (or "Attach File") uploads through the one upload path with
 * its progress shown, and each file can be removed after a confirmation. `what` names the owner
 * in the confirmation ("this account", "this invoice").
 */
export function AttachedFiles({ owner, editMode, what }: { owner: FileOwner; editMode: boolean; what: string }): ReactNode {
  const { message, modal } = useFeedback();
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
      content: `The file is deleted for everyone who sees ${what}.`,
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
      <style href="tradeboard-attached-files" precedence="medium">
        {ATTACHED_FILES_STYLES}
      </style>
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
        <ul className="tb-files__list">
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
        <p className="tb-files__error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
