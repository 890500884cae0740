import '@tradeboard/shared/testing/setupDom';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useElementWidth } from './useViewport.ts';

function Width() {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  return <div ref={ref}>{width === undefined ? 'unmeasured' : `width ${width}`}</div>;
}

describe('useElementWidth', () => {
  it('is not measured while its element is outside the document, and measured in it', () => {
    const detached = document.createElement('div');
    render(<Width />, { container: detached });
    expect(detached.textContent).toBe('unmeasured');
    // jsdom lays nothing out: in the document the width is 0 (the grid then stacks the cards).
    const attached = document.body.appendChild(document.createElement('div'));
    render(<Width />, { container: attached });
    expect(attached.textContent).toBe('width 0');
  });
});
