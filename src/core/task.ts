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
