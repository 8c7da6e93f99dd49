/**
 * The navigation progress bar: a thin bar at the top of the window that
 * appears only once a navigation has taken longer than `delay` ms, and
 * finishes (fills, fades, goes) when the page is shown. Plain DOM, outside
 * the React tree.
 */
export interface Progress {
  start(): void;
  done(): void;
}

export const PROGRESS_DELAY = 200;

export function createProgress({ delay = PROGRESS_DELAY }: { delay?: number } = {}): Progress {
  let timer: number | undefined;
  let bar: HTMLElement | undefined;
  const show = () => {
    timer = undefined;
    bar?.remove();
    bar = document.createElement('div');
    bar.className = 'folio-progress';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', 'Loading page');
    bar.dataset.state = 'loading';
    document.body.appendChild(bar);
    // Next frame: start growing from 0 so the transition runs.
    requestAnimationFrame(() => {
      if (bar?.dataset.state === 'loading') bar.dataset.state = 'growing';
    });
  };
  return {
    start() {
      if (timer !== undefined) window.clearTimeout(timer);
      timer = window.setTimeout(show, delay);
    },
    done() {
      if (timer !== undefined) window.clearTimeout(timer);
      timer = undefined;
      const finished = bar;
      bar = undefined;
      if (!finished) return;
      finished.dataset.state = 'done';
      finished.removeAttribute('role');
      window.setTimeout(() => finished.remove(), 400);
    },
  };
}
