import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const hasPython = spawnSync('python3', ['--version']).status === 0;

// Skipped only off CI when python3 is missing; under CI its absence fails the test.
describe.skipIf(!hasPython && !process.env.CI)("the benchmark's timing (bench/lib.mjs timed, through bench/reap.py)", () => {
  it('counts the CPU of a process the command left running when it exited (as folio leaves esbuild)', async () => {
    const { timed } = await import('../../bench/lib.mjs');
    // The command starts a child that spins for 0.4 s of CPU, does not wait for it, and exits.
    const spin = 'const t = process.cpuUsage(); while ((process.cpuUsage(t).user + process.cpuUsage(t).system) < 400_000) {}';
    const parent = `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(spin)}], { stdio: 'ignore' }).unref();`;
    const result = timed(process.execPath, ['-e', parent]);
    expect(result.cpu).toBeGreaterThanOrEqual(0.4);
    // It waited for the child: the wall covers its run.
    expect(result.wall).toBeGreaterThanOrEqual(0.35);
    expect(result.rssMb).toBeGreaterThan(10);
    // /usr/bin/time counts the parent alone.
    const time = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, '-e', parent], { encoding: 'utf8' });
    if (time.status === 0) {
      const [user, system] = time.stderr.trim().split('\n').pop()!.split(' ').map(Number);
      expect(user + system).toBeLessThan(0.3);
    }
  });

  it('reports a failing command as a failure, with its exit status', async () => {
    const { timed } = await import('../../bench/lib.mjs');
    expect(() => timed(process.execPath, ['-e', 'process.exit(3)'])).toThrow(/failed \(3\)/);
  });
});
