import type { ReactNode } from 'react';
import { Alert, Button, Empty, Skeleton } from '@tradeboard/shared/ui';
import { errorMessage } from '@tradeboard/shared/web';

export const NO_DATA_TEXT = 'No data for this period';

type Props = { loading: boolean; error: unknown; retry: () => void; empty: boolean; rows?: number; children: ReactNode };

/** Loading skeleton, error with Retry, or "No data for this period" around a part's content. */
export function PartState({ loading, error, retry, empty, rows = 3, children }: Props): ReactNode {
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title="The data could not be loaded"
        description={errorMessage(error)}
        action={
          <Button size="small" onClick={retry}>
            Retry
          </Button>
        }
      />
    );
  }
  if (loading) return <Skeleton active title={false} paragraph={{ rows }} />;
  if (empty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_DATA_TEXT} />;
  return children;
}
