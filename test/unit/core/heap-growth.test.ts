import { describe, expect, it } from 'vitest';
import { boundHeapGrowth, HEAP_GROWING_PERCENT, LARGE_SITE_SOURCES } from '../../../src/core/heap-growth.js';

describe('boundHeapGrowth', () => {
  it("sets V8's heap growth for a large site when the command line chose none", () => {
    const set: string[] = [];
    expect(boundHeapGrowth(LARGE_SITE_SOURCES, ['--enable-source-maps'], (flags) => set.push(flags))).toBe(true);
    expect(set).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
  });

  it("leaves a smaller site to V8's own choice", () => {
    const set: string[] = [];
    expect(boundHeapGrowth(LARGE_SITE_SOURCES - 1, [], (flags) => set.push(flags))).toBe(false);
    expect(boundHeapGrowth(0, [], (flags) => set.push(flags))).toBe(false);
    expect(set).toEqual([]);
  });

  it("leaves a growth given on node's command line alone, in either spelling", () => {
    for (const given of ['--heap-growing-percent=20', '--heap_growing_percent=80', '--heap-growing-percent']) {
      const set: string[] = [];
      expect(boundHeapGrowth(10_000, ['--cpu-prof', given], (flags) => set.push(flags))).toBe(false);
      expect(set).toEqual([]);
    }
    // A flag that only starts the same is not that flag.
    const set: string[] = [];
    boundHeapGrowth(10_000, ['--heap-growing-percentage-x=1'], (flags) => set.push(flags));
    expect(set).toHaveLength(1);
  });
});
