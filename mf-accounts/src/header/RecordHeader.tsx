import type { ReactNode } from 'react';
import { Alert, Button, EnvironmentOutlined, FileTextOutlined, Skeleton } from '@tradeboard/shared/ui';
import { formatDate, formatMoney } from '@tradeboard/shared/boards';
import { settingValue } from '@tradeboard/shared/user-settings';
import { apiStatus, followInApp, useTradeboardStore } from '@tradeboard/shared/web';
import { ConvertProspectButton } from '../prospects/ProspectActions.tsx';
import { useRecord, type Figure, type RecordView } from './useRecord.ts';

export type RecordHeaderProps = { sectionName: string; search: string };

function FigureList({ figures }: { figures: readonly Figure[] }): ReactNode {
  const dateFormat = useTradeboardStore((state) => (state.user ? settingValue(state.user.settings, 'DateFormatSetting') : undefined));
  const shown = (figure: Figure) => {
    if (figure.value === null || figure.value === undefined) return '—';
    if (figure.unit === 'money') return formatMoney(Number(figure.value));
    if (figure.unit === 'date') return formatDate(String(figure.value), dateFormat);
    return Number(figure.value).toLocaleString('en-US');
  };
  return (
    <dl className="tb-figures" aria-label="Key figures">
      {figures.map((figure) => (
        <div className="tb-figure" key={figure.label}>
          <dt>{figure.label}</dt>
          <dd>
            {shown(figure)}
            {figure.delta !== undefined && figure.delta !== null && (
              <span className={`tb-figure__delta tb-figure__delta--${figure.delta >= 0 ? 'up' : 'down'}`}>
                {figure.delta >= 0 ? '▲' : '▼'} {Math.abs(figure.delta).toFixed(1)}% vs last YTD
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function LinkButton({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }): ReactNode {
  return (
    <Button
      href={href}
      icon={icon}
      size="small"
      onClick={followInApp(href)}
    >
      {children}
    </Button>
  );
}

export function RecordCard({ view }: { view: RecordView }): ReactNode {
  return (
    <section className="tb-record" aria-label={`${view.kind} ${view.name}`}>
      <div className="tb-record__who">
        <p className="tb-record__kind">{view.kind}</p>
        <h2 className="tb-record__name">{view.name}</h2>
        <div className="tb-record__line">
          {view.details.map((detail) => (
            <span key={detail}>{detail}</span>
          ))}
        </div>
        {(view.links.length > 0 || view.prospect) && (
          <div className="tb-record__links">
            {view.prospect && <ConvertProspectButton prospect={view.prospect} />}
            {view.links.map((link) => (
              <LinkButton key={link.href} href={link.href} icon={link.kind === 'map' ? <EnvironmentOutlined aria-hidden /> : <FileTextOutlined aria-hidden />}>
                {link.label}
              </LinkButton>
            ))}
          </div>
        )}
      </div>
      <FigureList figures={view.figures} />
    </section>
  );
}

/**
 * The header of a page about one record (seed 000 §3 "Account display" and the key figures a rep
 * wants at a glance): account summary, contact summary, supplier summary, inventory detail.
 */
export default function RecordHeader({ sectionName, search }: RecordHeaderProps): ReactNode {
  const { view, error, missing } = useRecord(sectionName, search);
  if (missing) return null;
  if (error) {
    const status = apiStatus(error);
    const message = status === 404 ? 'This record was not found, or it is not one of yours.' : status === 403 ? 'You do not have access to this record.' : 'The header could not be loaded.';
    return <Alert type={status === 404 || status === 403 ? 'info' : 'warning'} showIcon title={message} />;
  }
  if (!view) {
    return (
      <div className="tb-record" role="status" aria-label="Loading header">
        <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 2 }} />
      </div>
    );
  }
  return <RecordCard view={view} />;
}
