import { useEffect, useState, type ReactNode } from 'react';
import { Modal, Result } from '@tradeboard/shared/ui';
import { DIALOG_AUTO_HIDE_MS } from '@tradeboard/shared/constants';

export type Status = { type: 'success' | 'error'; title: string; message: string } | null;

/** Seed 000 §8 success and failure dialogs: title and message, hidden again after 5 seconds. */
export function StatusDialog({ status, onClose }: { status: Status; onClose: () => void }): ReactNode {
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(onClose, DIALOG_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [status, onClose]);
  return (
    // Above the dialog it reports on (a failed New User stays open to be corrected).
    <Modal open={status !== null} onCancel={onClose} footer={null} title={status?.title} width={400} zIndex={1100}>
      {status ? <Result status={status.type} title={status.message} style={{ padding: '12px 0' }} /> : null}
    </Modal>
  );
}

export function useStatus() {
  return useState<Status>(null);
}
