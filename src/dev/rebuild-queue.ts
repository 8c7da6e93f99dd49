/**
 * Coalesces file events into rebuilds. Events arriving within `delayMs` of
 * the first one form one batch; events arriving while a rebuild runs wait
 * and form the next batch. A rebuild never runs twice at the same time.
 */
import type { FileEvent } from '../build/incremental/changes.js';

export interface RebuildQueue {
  push(event: FileEvent): void;
  /** Resolves when no rebuild is running or waiting. */
  idle(): Promise<void>;
  /** Stops taking events and waits for the rebuild in flight. */
  close(): Promise<void>;
  readonly running: boolean;
}

export function createRebuildQueue({ run, delayMs = 10 }: { run: (events: FileEvent[]) => Promise<void>; delayMs?: number }): RebuildQueue {
  let pending: FileEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let closed = false;
  let waiters: (() => void)[] = [];

  const settle = () => {
    if (inFlight || timer || pending.length) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const schedule = () => {
    if (timer || inFlight || closed || !pending.length) return;
    timer = setTimeout(flush, delayMs);
  };

  const flush = () => {
    timer = undefined;
    if (inFlight || closed) return settle();
    const batch = pending;
    pending = [];
    if (!batch.length) return settle();
    inFlight = run(batch)
      .catch(() => {
        // run() reports its own failures; the queue keeps going.
      })
      .finally(() => {
        inFlight = undefined;
        schedule();
        settle();
      });
  };

  return {
    push(event) {
      if (closed) return;
      pending.push(event);
      schedule();
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      });
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = [];
      await inFlight;
      settle();
    },
    get running() {
      return inFlight !== undefined;
    },
  };
}
