import type { ReactNode } from 'react';
import { Skeleton, theme } from '@tradeboard/shared/ui';

/**
 * A section's main area until its boards remote arrives: the title and an outline of cards. The
 * cards are drawn like antd's Card from the theme's tokens (Card would bring Tabs into the kit), the
 * text like antd's Typography (which would bring the text area of its editable mode).
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
      <h2 id="tb-section-title" style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading2, fontWeight: token.fontWeightStrong, margin: `0 0 ${token.marginXS}px` }}>
        {title}
      </h2>
      <p style={{ color: token.colorTextSecondary, margin: `0 0 ${token.marginLG}px` }}>The boards for this section will appear here.</p>
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
