import { useEffect, type ReactNode } from 'react';
import { Button, Result } from '@tradeboard/shared/ui';
import { navigate, sendErrorReport } from '@tradeboard/shared/web';

export const NOT_FOUND_TITLE = 'Page Not Found';

/** Seed §8: 'Page Not Found', with an automatic error e-mail carrying the bad URL. */
export function NotFoundPage({ url = window.location.href }: { url?: string }): ReactNode {
  useEffect(() => {
    void sendErrorReport(
      `Page Not Found: ${url}`,
      `A visitor reached a page that does not exist.\n\nBad URL: ${url}\nReferrer: ${document.referrer || '(none)'}`,
      `notfound:${url}`,
    );
  }, [url]);
  return (
    <div className="tb-center">
      <Result
        status="404"
        title={<h1 className="ant-result-title">{NOT_FOUND_TITLE}</h1>}
        subTitle="The page you are looking for does not exist or has moved."
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            Go to Home
          </Button>
        }
      />
    </div>
  );
}
