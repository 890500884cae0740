import type { ReactNode } from 'react';
import useSWR from 'swr';
import type { ComponentRendererProps } from '@tradeboard/shared/boards';
import { formatMoney } from '@tradeboard/shared/boards';
import { GOAL_GROUP_BYS, type GoalGroupBy } from '@tradeboard/shared/contracts';
import { Empty, Skeleton } from '@tradeboard/shared/ui';
import { api, errorMessage } from '@tradeboard/shared/web';
import { GOAL_CALLS, type GoalKind } from '../api/goalKinds.ts';
import { GoalsStyles } from '../theme/goalsStyles.tsx';

const control = (props: ComponentRendererProps, name: string) => props.config.displayConfigs?.find((c) => c.controlName === name)?.controlValue;

/** "at today's pace 92% of goal; $X per working day needed" (issue 28). */
export function paceText(pacePercent: number | null, needed: number | null, money: boolean): string {
  if (pacePercent === null) return 'No pace yet';
  const need = needed === null ? 'goal reached' : `${money ? formatMoney(needed) : Math.ceil(needed)} per working day needed`;
  return `At today's pace ${Math.round(pacePercent)}% of goal; ${need}`;
}

/**
 * The goal against actual card of a board (renderer `goalProgress`): each rep, team or company
 * the caller may see against its goal, the month and the year to date, with pacing. Its
 * configuration names the kind (goalKind: Sales, Bookings, Activity) and the group-by.
 */
export default function GoalProgress(props: ComponentRendererProps): ReactNode {
  const kind = (['Sales', 'Bookings', 'Activity'].includes(control(props, 'goalKind') ?? '') ? control(props, 'goalKind') : 'Sales') as GoalKind;
  const asked = control(props, 'groupBy') ?? 'SalesRep';
  const groupBy = ((GOAL_GROUP_BYS as readonly string[]).includes(asked) ? asked : 'SalesRep') as GoalGroupBy;
  const answer = useSWR(['goal-progress', kind, groupBy], () => api.call(GOAL_CALLS[kind].grouped, { params: { groupBy, fiscalYearSlug: 'current', configId: 0 }, body: {} }));
  const money = kind !== 'Activity';
  const show = (value: number | null) => (value === null ? '–' : money ? formatMoney(value) : String(Math.round(value)));
  if (answer.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (answer.error) return <div className="tb-goals-error">{errorMessage(answer.error)}</div>;
  const rows = answer.data?.rows ?? [];
  if (rows.length === 0) return <Empty description={`No ${kind.toLowerCase()} goals for this fiscal year`} />;
  return (
    <div className="tb-goal-card">
      <GoalsStyles />
      {rows.map((row) => {
        const monthShare = row.monthGoal > 0 && row.monthActual !== null ? Math.min(100, (row.monthActual / row.monthGoal) * 100) : 0;
        const behind = (row.monthPacePercent ?? 100) < 100;
        return (
          <section key={row.key} className="tb-goal-card__row" aria-label={`${row.name} goal`}>
            <div className="tb-goal-card__head">
              <span>{row.name}</span>
              <span>
                {show(row.monthActual)} of {show(row.monthGoal)} this month
              </span>
            </div>
            <div className={`tb-goal-card__bar${behind ? ' tb-goal-card__bar--behind' : ''}`} role="progressbar" aria-label={`${row.name} month to date`} aria-valuenow={Math.round(monthShare)} aria-valuemin={0} aria-valuemax={100}>
              <span style={{ width: `${monthShare}%` }} />
            </div>
            <div className="tb-goal-card__figures">
              <span>Goal {show(row.goal)}</span>
              <span>Actual {show(row.actual)}</span>
              <span>Year to date goal {show(row.ytdGoal)}</span>
              <span>{row.percentOfGoal === null ? '' : `${row.percentOfGoal}% of the year's goal`}</span>
            </div>
            <div className="tb-goal-card__pace">{paceText(row.monthPacePercent, row.monthNeededPerWorkingDay, money)}</div>
          </section>
        );
      })}
    </div>
  );
}
