import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@tradeboard/shared/constants';

/** Seed §9: mobile at 768 px or less. */
export function useIsMobile(): boolean {
  const query = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;
  const read = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  const [mobile, setMobile] = useState(read);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMobile(list.matches);
    update();
    list.addEventListener?.('change', update);
    return () => list.removeEventListener?.('change', update);
  }, [query]);
  return mobile;
}

/**
 * The element's width: undefined until measured — before the first paint, so callers can render
 * nothing in between instead of a layout they would throw away — and 0 where it cannot be measured.
 * Still undefined while the element is outside the document (the shell may mount this remote before
 * it places the remote's outlet): measured when it is placed.
 */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measured = (value: number) => setWidth(element.isConnected ? value : undefined);
    measured(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => measured(entries[0]?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
