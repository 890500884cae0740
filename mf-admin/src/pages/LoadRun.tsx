import { useEffect, useState, type ReactNode } from 'react';
import { Alert } from '@tradeboard/shared/ui';
import { Table } from '@tradeboard/shared/ui/data';
import { erpLoadGet, erpLoadList, systemLastUpdatedDate, type ContractResult } from '@tradeboard/shared/contracts';
import { api, errorMessage } from '@tradeboard/shared/web';
import { refresh } from '../api/admin.ts';

type Report = ContractResult<typeof erpLoadGet>;
export type LoadRun = Report['run'];

const seconds = (ms: number) => `${Math.max(0, Math.round(ms / 1000))} s`;

export function ProgressLine({ label, done, total, detail }: { label: string; done: number; total: number; detail: string }): ReactNode {
  return (
    <div className="tb-admin-field" role="status" aria-live="polite">
      <span>{label}</span>
      <progress aria-label={label} max={Math.max(total, 1)} value={Math.min(done, Math.max(total, 1))} style={{ width: '100%' }} />
      <span className="tb-admin-muted">{detail}</span>
    </div>
  );
}

/** The run's report: what happened and, when rows were refused, each problem. */
function RunReport({ report }: { report: Report }): ReactNode {
  const { run, problems } = report;
  const type = run.status === 'loaded' ? (run.rowsRejected ? 'warning' : 'success') : run.status === 'rejected' || run.status === 'cancelled' ? 'warning' : 'error';
  return (
    <section aria-label="Load report" className="tb-admin-panel">
      <Alert type={type} showIcon message={`${run.source === 'rebuild' ? 'Rebuild' : 'Load'} ${run.runId}: ${run.status}`} description={run.message ?? undefined} />
      {problems.length > 0 && (
        <Table
          size="small"
          rowKey={(p) => `${p.file}:${p.row}:${p.column ?? ''}:${p.reason}`}
          dataSource={problems}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          caption={`${run.problemCount} problem${run.problemCount === 1 ? '' : 's'}${run.problemCount > problems.length ? ` (the first ${problems.length} shown)` : ''}`}
          columns={[
            { title: 'File', dataIndex: 'file' },
            { title: 'Row', dataIndex: 'row' },
            { title: 'Column', dataIndex: 'column', render: (v: string | null) => v ?? '—' },
            { title: 'Value', dataIndex: 'value', render: (v: string | null) => (v === null ? '—' : v === '' ? '(empty)' : v) },
            { title: 'Reason', dataIndex: 'reason' },
            { title: 'Problem', dataIndex: 'message' },
          ]}
        />
      )}
    </section>
  );
}

/**
 * A load followed to its end (an upload's or a SQL source's): `follow(run)` polls its progress
 * until it finishes, then refreshes the loads list and LastUpdatedDate.
 */
export function useLoadRun() {
  const [runId, setRunId] = useState<number | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (runId === null) return;
    let stopped = false;
    const follow = async () => {
      while (!stopped) {
        try {
          const next = await api.call(erpLoadGet, { params: { runId } });
          if (stopped) return;
          setReport(next);
          if (next.run.status !== 'running') {
            setRunId(null);
            void refresh(erpLoadList, systemLastUpdatedDate);
            return;
          }
        } catch (problem) {
          setError(errorMessage(problem));
          setRunId(null);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 700));
      }
    };
    void follow();
    return () => {
      stopped = true;
    };
  }, [runId]);

  return {
    runId,
    report,
    error,
    setError,
    /** Clears the last report and error (a new start). */
    reset: () => {
      setError(null);
      setReport(null);
    },
    follow: (run: LoadRun) => {
      setReport({ run, problems: [], files: [] });
      setRunId(run.runId);
      void refresh(erpLoadList);
    },
  };
}

/** A followed load's progress while it runs, why it could not start, and its report once it ended. */
export function LoadRunStatus({ load, failedTitle }: { load: ReturnType<typeof useLoadRun>; failedTitle: string }): ReactNode {
  const progress = load.report?.run.progress;
  return (
    <>
      {load.runId !== null && (
        <ProgressLine
          label={progress?.label ?? 'Waiting for the server'}
          done={progress?.done ?? 0}
          total={progress?.total ?? 1}
          detail={progress ? `${progress.total > 1 ? `${progress.done.toLocaleString()} of ${progress.total.toLocaleString()} · ` : ''}${seconds(progress.elapsedMs)} so far${progress.estimateMs !== null && progress.done < progress.total ? ` · about ${seconds(progress.estimateMs)} left` : ''}` : 'Starting'}
        />
      )}
      {load.error && <Alert type="error" showIcon message={failedTitle} description={load.error} />}
      {load.report && load.report.run.status !== 'running' && <RunReport report={load.report} />}
    </>
  );
}
