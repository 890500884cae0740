import { useState, type ReactNode } from 'react';
import { Button, useFeedback } from '@tradeboard/shared/ui';
import { InboxOutlined, Upload } from '@tradeboard/shared/ui/edit';
import { errorMessage, uploadFile } from '@tradeboard/shared/web';
import { GOAL_CALLS, type GoalKind } from '../api/goalKinds.ts';
import { showToast } from '../api/toasts.tsx';

/**
 * Seed 000 "Goal management screens", Import from Spreadsheet, steps 3–4: a drop or click area
 * for one XLSX/XLS file, its name shown, 'Upload File' and 'Clear File' once a file is chosen, the
 * confirmation 'Upload New … Goal Data' (the upload replaces all of the setup's goal data), and the
 * result toast. The server takes it all or nothing; its refusal names the rows and why.
 */
export function GoalUpload({ kind, configId, onUploaded }: { kind: GoalKind; configId: number; onUploaded: () => Promise<unknown> }): ReactNode {
  const { modal } = useFeedback();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const title = `${kind} Goals`;

  const upload = async (chosen: File) => {
    setUploading(true);
    try {
      await uploadFile(GOAL_CALLS[kind].upload, { params: { id: configId }, file: chosen });
      setFile(null);
      await onUploaded();
      showToast('success', title, 'Uploaded Successfully');
    } catch (error) {
      showToast('error', `Issue Uploading ${title}`, errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  const confirm = (chosen: File) =>
    modal.confirm({
      title: `Upload New ${kind} Goal Data`,
      content: (
        <div>
          <p>Uploading {chosen.name} replaces all existing goal data of this setup: the old data is removed.</p>
          <p className="tb-goals-warning">DO NOT CLOSE THIS SCREEN. It will close automatically once the data has been uploaded.</p>
        </div>
      ),
      okText: 'Approve',
      cancelText: 'Cancel',
      onOk: () => upload(chosen),
    });

  return (
    <div className="tb-goals-upload">
      <Upload.Dragger
        accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
        multiple={false}
        showUploadList={false}
        disabled={uploading}
        beforeUpload={(chosen) => {
          setFile(chosen);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>Click or drag an XLSX or XLS file to this area</p>
      </Upload.Dragger>
      <p className="tb-goals-muted" aria-live="polite">
        {file ? (
          <>
            File: <strong>{file.name}</strong>
          </>
        ) : (
          'No file chosen'
        )}
      </p>
      <div className="tb-goals-toolbar">
        <Button type="primary" disabled={!file} loading={uploading} onClick={() => file && confirm(file)}>
          Upload File
        </Button>
        <Button disabled={!file || uploading} onClick={() => setFile(null)}>
          Clear File
        </Button>
      </div>
    </div>
  );
}
