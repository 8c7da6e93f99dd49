import { describe, expect, it } from 'vitest';
import type { FileEvent } from '../../../src/build/incremental/changes.js';
import { createRebuildQueue } from '../../../src/dev/rebuild-queue.js';

const event = (name: string): FileEvent => ({ path: `/site/${name}`, type: 'change' });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('createRebuildQueue', () => {
  it('coalesces events arriving together into one rebuild', async () => {
    const batches: string[][] = [];
    const queue = createRebuildQueue({ run: async (events) => void batches.push(events.map((e) => e.path)), delayMs: 5 });
    queue.push(event('a'));
    queue.push(event('b'));
    queue.push(event('a'));
    await queue.idle();
    expect(batches).toEqual([['/site/a', '/site/b', '/site/a']]);
  });

  it('never runs two rebuilds at once: events during a rebuild form the next batch', async () => {
    const batches: string[][] = [];
    let running = 0;
    let overlap = false;
    const gates = [deferred(), deferred()];
    const started: (() => void)[] = [];
    const queue = createRebuildQueue({
      delayMs: 0,
      run: async (events) => {
        running++;
        if (running > 1) overlap = true;
        batches.push(events.map((e) => e.path));
        started.shift()?.();
        await gates[batches.length - 1].promise;
        running--;
      },
    });
    const firstStarted = new Promise<void>((resolve) => started.push(resolve));
    queue.push(event('a'));
    await firstStarted;
    expect(queue.running).toBe(true);
    queue.push(event('b'));
    queue.push(event('c'));
    const secondStarted = new Promise<void>((resolve) => started.push(resolve));
    gates[0].resolve();
    await secondStarted;
    gates[1].resolve();
    await queue.idle();
    expect(overlap).toBe(false);
    expect(batches).toEqual([['/site/a'], ['/site/b', '/site/c']]);
  });

  it('keeps going after a failed rebuild and waits for the one in flight on close', async () => {
    const batches: string[][] = [];
    const gate = deferred();
    const secondStarted = deferred();
    const queue = createRebuildQueue({
      delayMs: 0,
      run: async (events) => {
        batches.push(events.map((e) => e.path));
        if (batches.length === 1) throw new Error('boom');
        secondStarted.resolve();
        await gate.promise;
      },
    });
    queue.push(event('a'));
    await queue.idle();
    queue.push(event('b'));
    await secondStarted.promise;
    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    await Promise.resolve();
    expect(closed).toBe(false);
    gate.resolve();
    await closing;
    expect(closed).toBe(true);
    // Closed: later events are not built.
    queue.push(event('c'));
    await queue.idle();
    expect(batches).toEqual([['/site/a'], ['/site/b']]);
  });
});
