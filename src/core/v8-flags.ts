import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what its last full collection left alive, in percent, on a
 * large site (V8's own choice is a factor between 1.1 and 4 from its measure of collection speed).
 * A 10,000-page build allocates fast and keeps much alive (the route table, the search records and
 * index), and V8 chose high factors there: a peak of 1.05–1.14 GB, against 0.91–0.97 GB at 1.5,
 * with the same CPU time and wall (bench/PROFILE.md). Small sites keep V8's choice: their heaps
 * stay small, and this site's build (typedoc's compiler is most of its heap) measured within noise
 * either way.
 */
export const HEAP_GROWING_PERCENT = 50;
/** From this many markdown sources on, a site is large enough for the bound (the 1,000-page corpus peaks near 300 MB). */
export const LARGE_SITE_SOURCES = 2_000;

/**
 * V8's optimizing compiler on a short run: a one-shot build of a smaller site is over in a few
 * seconds, and TurboFan spent 1.1–1.7 s of the 1,000-page corpus's ~7 s of CPU compiling (on V8's
 * own threads, which `--cpu-prof` does not show; `perf` does). Each thread optimizes the same
 * functions again, and inlining makes each compilation several times larger. Without inlining, and
 * with functions optimized after ~4.5× as much work as V8's default (67,584 bytes of bytecode run),
 * the corpus built with 0.6–0.8 s less CPU and 0.2–0.3 s less wall, this site with 0.5 s less CPU;
 * at 10,000 pages, where optimized code runs for half a minute, the difference was within noise, so
 * large sites and `serve` (a long-lived process) keep V8's defaults (bench/PROFILE.md).
 */
export const SHORT_RUN_JIT_FLAGS = ['--no-turbo-inlining', '--interrupt-budget=300000'] as const;

/** A flag's name as V8 reads it: dashes and underscores alike, `--no-` of a boolean the same flag. */
const flagName = (arg: string) =>
  arg
    .replace(/=.*$/s, '')
    .replace(/_/g, '-')
    .replace(/^--no-/, '--');

/**
 * Tunes V8 for a build of `sources` markdown files (`oneShot`: `folio build`, not `serve`), leaving
 * alone any flag node's command line already chose (`node --interrupt-budget=N …`). Returns the
 * flags set. V8's flags are process-wide: the worker threads started after this get them too.
 */
export function tuneV8(
  sources: number,
  { oneShot }: { oneShot: boolean },
  execArgv: readonly string[] = process.execArgv,
  setFlags: (flags: string) => void = setFlagsFromString,
): string[] {
  const given = new Set(execArgv.filter((arg) => arg.startsWith('--')).map(flagName));
  const wanted = sources >= LARGE_SITE_SOURCES ? [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`] : oneShot ? SHORT_RUN_JIT_FLAGS : [];
  const set = wanted.filter((flag) => !given.has(flagName(flag)));
  for (const flag of set) setFlags(flag);
  return set;
}
