import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what its last full collection left alive, in percent, on a
 * large site (V8's own choice is a factor between 1.1 and 4 from its measure of collection speed).
 * A 10,000-page build allocates fast and keeps much alive (the route table, the search records and
 * index), and V8 chose high factors there: a peak of 1.05–1.14 GB, against 0.91–0.97 GB at 1.5,
 * with the same CPU time and wall (bench/PROFILE.md). Small sites keep V8's choice: their heaps
 * stay small, and this site's build (typedoc's compiler is most of its heap) measured within noise
 * either way. The flag is process-wide: the compile workers get it too.
 */
export const HEAP_GROWING_PERCENT = 50;
/** From this many markdown sources on, a site is large enough for the bound (the 1,000-page corpus peaks near 300 MB). */
export const LARGE_SITE_SOURCES = 2_000;

/**
 * Bounds the growth for a site of `sources` markdown files, unless the command line already chose
 * one (`node --heap-growing-percent=N`); true when set here. Setting it again is harmless.
 */
export function boundHeapGrowth(
  sources: number,
  execArgv: readonly string[] = process.execArgv,
  setFlags: (flags: string) => void = setFlagsFromString,
): boolean {
  if (sources < LARGE_SITE_SOURCES) return false;
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent(=|$)/.test(arg))) return false;
  setFlags(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
