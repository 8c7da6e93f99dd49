// Shared helpers of the benchmarks: timing a command with /usr/bin/time, medians.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const folioBin = new URL('../bin/folio', import.meta.url).pathname;

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs a command; returns wall seconds and peak RSS in MB (from /usr/bin/time -v when available). */
export function timed(command, args, options = {}) {
  const useTime = existsSync('/usr/bin/time');
  const start = process.hrtime.bigint();
  const result = useTime
    ? spawnSync('/usr/bin/time', ['-v', command, ...args], { encoding: 'utf8', maxBuffer: 1 << 28, ...options })
    : spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 28, ...options });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${(result.stderr || '').slice(-3000)}`);
  }
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr || '');
  return { wall, rssMb: rss ? Number(rss[1]) / 1024 : undefined, stdout: result.stdout, stderr: result.stderr };
}

export function fmt(seconds) {
  return seconds >= 10 ? `${seconds.toFixed(1)} s` : seconds >= 1 ? `${seconds.toFixed(2)} s` : `${Math.round(seconds * 1000)} ms`;
}
