import type { Logger } from './logger.js';

/** Runs one named stage, timing it and printing one line (VitePress' task()). */
export async function task<T>(
  { name, logger, timings }: { name: string; logger: Logger; timings: Record<string, number> },
  fn: () => Promise<T> | T,
  detail?: (result: T) => string,
): Promise<T> {
  const start = performance.now();
  const result = await fn();
  const ms = performance.now() - start;
  timings[name] = ms;
  logger.stage(name, ms, detail?.(result));
  return result;
}

/** The stage runner of one build: timed stages, printed when the build reports. */
export interface Runner {
  started: number;
  timings: Record<string, number>;
  stageLogger: Logger;
  run<T>(name: string, fn: () => Promise<T> | T, detail?: (result: T) => string): Promise<T>;
}

/** A runner whose stage lines go to `logger` when `report` is set (one-shot builds, the first build of a session). */
export function createRunner(logger: Logger, report: boolean): Runner {
  const timings: Record<string, number> = {};
  const stageLogger: Logger = report ? logger : { ...logger, stage: () => {}, info: () => {} };
  return { started: performance.now(), timings, stageLogger, run: (name, fn, detail) => task({ name, logger: stageLogger, timings }, fn, detail) };
}
