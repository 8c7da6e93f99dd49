/**
 * Layout shifts as a page records them (init script) and reads them back, each marked
 * `duringParse` when it happened while the HTML was still being parsed.
 */
/** An init script: stores the given localStorage entries, then records every layout shift of the page. */
export function recordShifts(storage: Record<string, string>): void {
  for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
  const shifts: { value: number; startTime: number; sources: string[] }[] = [];
  (window as unknown as { __e2eShifts: typeof shifts }).__e2eShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const shift = entry as unknown as { value: number; sources: { node?: Element; previousRect: DOMRect; currentRect: DOMRect }[] };
      shifts.push({
        value: shift.value,
        startTime: entry.startTime,
        sources: shift.sources.map(
          (source) => `${source.node?.nodeName}.${source.node?.className}: ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The shifts so far; `duringParse` when the HTML was still being parsed (before domInteractive). */
export function readShifts(): { value: number; sources: string[]; duringParse: boolean }[] {
  const parsed = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.domInteractive || Number.POSITIVE_INFINITY;
  return (window as unknown as { __e2eShifts: { value: number; startTime: number; sources: string[] }[] }).__e2eShifts.map(({ startTime, ...shift }) => ({
    ...shift,
    duringParse: startTime < parsed,
  }));
}
