import type { ReactNode } from 'react';
import type { ResultProps } from 'antd';
import { textFirst } from './lazyKit.tsx';

/** The Result's words and actions without its icon, in antd's own markup (its styles are the kit's). */
function ResultText({ status = 'info', title, subTitle, extra, children, className, style }: ResultProps): ReactNode {
  return (
    <div className={['ant-result', `ant-result-${status}`, className].filter(Boolean).join(' ')} style={style}>
      {title != null && <div className="ant-result-title">{title}</div>}
      {subTitle != null && <div className="ant-result-subtitle">{subTitle}</div>}
      {extra != null && <div className="ant-result-extra">{extra}</div>}
      {children != null && <div className="ant-result-content">{children}</div>}
    </div>
  );
}

/**
 * antd's Result, its code and illustrations loaded with the first one drawn (ui/result.ts): error and
 * empty states are rare, so no page pays for them up front. Its words and actions show at once, and
 * stay without the icon if the network that failed the page fails the icon too.
 */
export const Result = textFirst<ResultProps>("The result's illustration", () => import('@tradeboard/shared/ui/result').then((entry) => entry.Result), ResultText);
