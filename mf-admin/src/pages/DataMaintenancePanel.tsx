import { useState, type ReactNode } from 'react';
import { Button, Popconfirm, useFeedback } from '@tradeboard/shared/ui';
import { cacheCustomerClear, sqlJobRebuildAll } from '@tradeboard/shared/contracts';
import { api, errorMessage, useTradeboardStore } from '@tradeboard/shared/web';
import { LoadRunStatus, useLoadRun } from './LoadRun.tsx';

/**
 * Settings → Data → Maintenance (issue 29, seed 001 SQLJob and Cache): rebuild the analytics
 * rollups from the loaded ERP data (followed like a load), and drop the cached answers on every
 * gateway — for when figures look out of step with the ERP data.
 */
export default function DataMaintenancePanel(): ReactNode {
  const { message } = useFeedback();
  const customerMasterId = useTradeboardStore((state) => state.user?.customerMasterId);
  const rebuild = useLoadRun();
  const [clearing, setClearing] = useState(false);

  const startRebuild = async () => {
    rebuild.reset();
    try {
      rebuild.follow(await api.call(sqlJobRebuildAll, {}));
    } catch (problem) {
      rebuild.setError(errorMessage(problem));
    }
  };
  const clearCache = async () => {
    if (customerMasterId === undefined) return;
    setClearing(true);
    try {
      await api.call(cacheCustomerClear, { params: { customerMasterId } });
      message.success('Cached answers cleared: every figure is computed again on its next view.');
    } catch (problem) {
      message.error(errorMessage(problem));
    } finally {
      setClearing(false);
    }
  };

  return (
    <section aria-labelledby="tb-data-maintenance" className="tb-admin-panel">
      <h2 id="tb-data-maintenance">Maintenance</h2>
      <p className="tb-admin-muted">
        Every load rebuilds the analytics rollups and drops the cached answers by itself. Use these when figures look out of step with the loaded data.
      </p>
      <div className="tb-admin-actions">
        <Popconfirm
          title="Rebuild the analytics rollups?"
          description="Boards keep answering from the current rollups until the rebuild completes; loads wait for it."
          okText="Rebuild"
          cancelText="Cancel"
          onConfirm={() => void startRebuild()}
        >
          <Button type="primary" loading={rebuild.runId !== null} disabled={rebuild.runId !== null}>Rebuild analytics</Button>
        </Popconfirm>
        <Button loading={clearing} disabled={customerMasterId === undefined} onClick={() => void clearCache()}>Clear cached answers</Button>
      </div>
      <LoadRunStatus load={rebuild} failedTitle="The rebuild could not start" />
    </section>
  );
}
