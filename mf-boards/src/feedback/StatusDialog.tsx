import { useEffect, type ReactNode } from 'react';
import { Button, CheckCircleFilled, CloseCircleFilled, Modal } from '@tradeboard/shared/ui';
import { DIALOG_AUTO_HIDE_MS } from '@tradeboard/shared/constants';
import { useStatusDialog } from './statusDialog.ts';

/**
 * Shows the current success/failure dialog; it closes itself after 5 s (seed 000 §8), or with OK
 * or Escape (no corner ×: it sat on top of OK).
 */
export function StatusDialog(): ReactNode {
  const current = useStatusDialog((state) => state.current);
  const hide = useStatusDialog((state) => state.hide);
  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(hide, DIALOG_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [current, hide]);
  const success = current?.kind === 'success';
  return (
    <Modal
      open={!!current}
      onCancel={hide}
      width={380}
      centered
      title={null}
      footer={null}
      closable={false}
      destroyOnHidden
      className="tb-status-dialog"
    >
      {current && (
        <div role={success ? 'status' : 'alert'} aria-live="polite" className="tb-status">
          {success ? (
            <CheckCircleFilled className="tb-status__icon tb-status__icon--ok" aria-hidden />
          ) : (
            <CloseCircleFilled className="tb-status__icon tb-status__icon--error" aria-hidden />
          )}
          <div>
            <div className="tb-status__title">{current.title}</div>
            <div className="tb-status__message">{current.message}</div>
          </div>
          <Button size="small" onClick={hide} className="tb-status__close">
            OK
          </Button>
        </div>
      )}
    </Modal>
  );
}
