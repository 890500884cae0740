import type { ReactNode } from 'react';
import { Card, Skeleton, Typography } from '@tradeboard/shared/ui';

/** A section's main area until its boards remote arrives: the title and an outline of cards. */
export function SectionPlaceholder({ title }: { title: string }): ReactNode {
  return (
    <section className="tb-placeholder" aria-labelledby="tb-section-title">
      <Typography.Title level={2} id="tb-section-title">
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        The boards for this section will appear here.
      </Typography.Paragraph>
      <div className="tb-placeholder-grid">
        {[1, 2, 3].map((card) => (
          <Card key={card} aria-hidden>
            <Skeleton active={false} paragraph={{ rows: 3 }} />
          </Card>
        ))}
      </div>
    </section>
  );
}
