import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Duration of a height animation, longer for taller content (the curve
 * Material Design uses for expanding surfaces): ~140 ms for one line,
 * ~300 ms for a long list.
 */
export function autoHeightDuration(height: number): number {
  if (!height) return 0;
  const ratio = height / 36;
  return Math.round((4 + 15 * ratio ** 0.25 + ratio / 5) * 10);
}

/**
 * Animates its height open and closed; the duration derives from the content
 * height (`data-animation-duration` says which). React sets `hidden` only on
 * the first render: afterwards the effect owns it, so a closing list stays
 * visible (and measurable) until its animation ends.
 */
export function Collapsible({ collapsed, children, id }: { collapsed: boolean; children: ReactNode; id?: string }) {
  const ref = useRef<HTMLUListElement>(null);
  const [initiallyHidden] = useState(collapsed);
  const first = useRef(true);
  useIsoLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (first.current) {
      first.current = false;
      return;
    }
    el.hidden = false;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const height = el.scrollHeight;
    const duration = reduce ? 0 : autoHeightDuration(height);
    el.dataset.animationDuration = String(duration);
    const done = () => {
      el.style.transition = '';
      el.style.overflow = '';
      el.style.height = '';
      delete el.dataset.animating;
      el.hidden = collapsed;
    };
    if (duration === 0) {
      done();
      return;
    }
    el.dataset.animating = collapsed ? 'closing' : 'opening';
    el.style.transition = 'none';
    el.style.overflow = 'hidden';
    el.style.height = collapsed ? `${height}px` : '0px';
    // Force a layout so the start height applies before the transition.
    void el.offsetHeight;
    el.style.transition = `height ${duration}ms ease-in-out`;
    el.style.height = collapsed ? '0px' : `${height}px`;
    const timer = window.setTimeout(done, duration + 20);
    return () => {
      window.clearTimeout(timer);
      done();
    };
  }, [collapsed]);
  return (
    <ul ref={ref} id={id} className="sidebar-list" hidden={initiallyHidden}>
      {children}
    </ul>
  );
}
