import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, LARGE_SITE_SOURCES, SHORT_RUN_JIT_FLAGS, tuneV8 } from '../../../src/core/v8-flags.js';
import { repoRoot } from '../../support/fixtures.js';

const tuned = (sources: number, oneShot: boolean, execArgv: string[] = []) => {
  const set: string[] = [];
  const returned = tuneV8(sources, { oneShot }, execArgv, (flags) => set.push(flags));
  expect(returned).toEqual(set);
  return set;
};

describe('tuneV8', () => {
  it("bounds a large site's heap growth, in a build and in serve", () => {
    expect(tuned(LARGE_SITE_SOURCES, true, ['--enable-source-maps'])).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
    expect(tuned(10_000, false)).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
  });

  it("shortens the optimizing compiler's work for a one-shot build of a smaller site only", () => {
    expect(tuned(LARGE_SITE_SOURCES - 1, true)).toEqual([...SHORT_RUN_JIT_FLAGS]);
    expect(tuned(0, true)).toEqual([...SHORT_RUN_JIT_FLAGS]);
    // serve is a long-lived process: V8's defaults
    expect(tuned(LARGE_SITE_SOURCES - 1, false)).toEqual([]);
    expect(tuned(100, false)).toEqual([]);
  });

  it("leaves a flag given on node's command line alone, in any spelling", () => {
    for (const given of ['--heap-growing-percent=20', '--heap_growing_percent=80', '--heap-growing-percent']) {
      expect(tuned(10_000, true, ['--cpu-prof', given])).toEqual([]);
    }
    expect(tuned(10, true, ['--turbo-inlining'])).toEqual(['--interrupt-budget=300000']);
    expect(tuned(10, true, ['--turbo_inlining', '--interrupt-budget=100000'])).toEqual([]);
    expect(tuned(10, true, ['--no-turbo-inlining'])).toEqual(['--interrupt-budget=300000']);
    // A flag that only starts the same is not that flag.
    expect(tuned(10_000, true, ['--heap-growing-percentage-x=1'])).toHaveLength(1);
    expect(tuned(10, true, ['--interrupt-budget-for-feedback-allocation=100'])).toHaveLength(2);
  });

  it('switches inlining off in the running process and in the worker threads it starts afterwards', () => {
    // A function optimized on request, with --trace-turbo-inlining: V8 prints a line for each call
    // it inlines. Set at run time the way folio sets it, --no-turbo-inlining must stop those lines
    // on this thread and in a worker started after it (V8's flags are process-wide).
    const module = pathToFileURL(path.join(repoRoot, 'src/core/v8-flags.ts')).href;
    const run = (sources: number) => {
      const script = `
        const { tuneV8 } = await import(${JSON.stringify(module)});
        const { Worker } = await import('node:worker_threads');
        tuneV8(${sources}, { oneShot: true }, []);
        const probe = \`
          function addOne(x) { return x + 1; }
          function caller(x) { return addOne(x) * 2; }
          %PrepareFunctionForOptimization(addOne);
          %PrepareFunctionForOptimization(caller);
          caller(1); caller(2);
          %OptimizeFunctionOnNextCall(caller);
          caller(3);
        \`;
        new Function(probe)();
        await new Promise((resolve) => new Worker(probe, { eval: true }).on('exit', resolve));
      `;
      const output = execFileSync(
        process.execPath,
        ['--allow-natives-syntax', '--trace-turbo-inlining', '--import', 'tsx', '--input-type=module', '-e', script],
        { cwd: repoRoot, encoding: 'utf8' },
      );
      return output.split('\n').filter((line) => /^Inlining .*addOne.* into .*caller/.test(line)).length;
    };
    expect(run(LARGE_SITE_SOURCES)).toBe(2);
    expect(run(100)).toBe(0);
  });
});
