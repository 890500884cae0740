import type { ReactNode } from 'react';
import { Skeleton, Typography, theme } from '@tradeboard/shared/ui';

/**
 * A section's main area until its boards remote arrives: the title and an outline of cards. The
 * cards are drawn like antd's Card from the theme's tokens (Card would bring Tabs into the kit).
 */
export function SectionPlaceholder({ title }: { title: string }): ReactNode {
  const { token } = theme.useToken();
  const cardStyle = {
    padding: token.paddingLG,
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
  };
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
          <div key={card} className="tb-placeholder-card" style={cardStyle} aria-hidden>
            <Skeleton active={false} paragraph={{ rows: 3 }} />
          </div>
        ))}
      </div>
    </section>
  );
}
