import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what its last full collection left alive, in percent (V8's
 * own choice is a factor between 1.1 and 4 from its measure of collection speed). folio's builds
 * allocate fast and keep much alive (a 10,000-page site's route table, records and index), and V8
 * chose high factors: a peak of 1.05–1.14 GB there, against 0.91–0.97 GB at 1.5, with the same
 * CPU time and wall (bench/PROFILE.md); a 1,000-page build does not move. The flag is process-wide:
 * the compile workers get it too.
 */
export const HEAP_GROWING_PERCENT = 50;

/** Sets the growth unless the command line already chose one (`node --heap-growing-percent=N`); true when set here. */
export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv, setFlags: (flags: string) => void = setFlagsFromString): boolean {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent(=|$)/.test(arg))) return false;
  setFlags(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
