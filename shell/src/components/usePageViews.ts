import { useEffect, useRef } from 'react';
import { pageView } from '@tradeboard/shared/contracts';
import { sectionIdOf } from '@tradeboard/shared/constants';
import { api } from '@tradeboard/shared/web';

/** Seed §2: every route change records a page view (section, board, referring page, agent, query). */
export function usePageViews(pathname: string, search: string, enabled: boolean): void {
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    const [section = '', board = ''] = pathname.split('/').filter(Boolean);
    const sectionMasterId = sectionIdOf(section);
    const referrer = previous.current ?? (document.referrer || undefined);
    previous.current = window.location.origin + pathname + search;
    void api
      .call(pageView, {
        body: {
          path: pathname.slice(0, 2000) || '/',
          queryString: search.replace(/^\?/, '').slice(0, 2000),
          userAgent: navigator.userAgent.slice(0, 1000),
          ...(referrer ? { referrer: referrer.slice(0, 2000) } : {}),
          ...(sectionMasterId > 0 ? { sectionMasterId } : {}),
          ...(/^\d+$/.test(board) ? { boardMasterId: Number(board) } : {}),
        },
      })
      .catch((error: unknown) => console.warn('Page view not recorded', error));
  }, [pathname, search, enabled]);
}
