// Shared helpers of the benchmarks: timing a command (bench/reap.py: every process it started), medians.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const folioBin = new URL('../bin/folio', import.meta.url).pathname;

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const reaper = fileURLToPath(new URL('reap.py', import.meta.url));
const hasPython = spawnSync('python3', ['--version']).status === 0;
let warned = false;

/**
 * Runs a command; returns wall seconds, CPU seconds and peak RSS in MB. The CPU is that of every
 * process the command started (bench/reap.py waits for them all as a subreaper): `/usr/bin/time`
 * counts only the children a command waited for, and folio's esbuild service, which Node leaves to
 * end after it, went uncounted (0.3 s of a 1,000-page build's ~6 s, PROFILE.md). Without python3,
 * `/usr/bin/time -v` (that count), with a warning.
 */
export function timed(command, args, options = {}) {
  const how = hasPython ? 'reap' : existsSync('/usr/bin/time') ? 'time' : 'none';
  if (how !== 'reap' && !warned) {
    warned = true;
    console.warn('bench: python3 is missing: CPU from /usr/bin/time, without the processes a tool leaves running (esbuild)');
  }
  const start = process.hrtime.bigint();
  const spawnOptions = { encoding: 'utf8', maxBuffer: 1 << 28, ...options };
  const result =
    how === 'reap'
      ? spawnSync('python3', [reaper, command, ...args], spawnOptions)
      : how === 'time'
        ? spawnSync('/usr/bin/time', ['-v', command, ...args], spawnOptions)
        : spawnSync(command, args, spawnOptions);
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${(result.stderr || '').slice(-3000)}`);
  }
  const stderr = result.stderr || '';
  let cpu;
  let rssKb;
  if (how === 'reap') {
    const line = /reap: status=-?\d+ user=([\d.]+) system=([\d.]+) maxrss_kb=(\d+)\s*$/.exec(stderr);
    if (line) {
      cpu = Number(line[1]) + Number(line[2]);
      rssKb = Number(line[3]);
    }
  } else {
    const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
    const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
    const system = /System time \(seconds\): ([\d.]+)/.exec(stderr);
    cpu = user && system ? Number(user[1]) + Number(system[1]) : undefined;
    rssKb = rss ? Number(rss[1]) : undefined;
  }
  // CPU seconds (user + system): steadier than wall time on a busy machine.
  return { wall, cpu, rssMb: rssKb === undefined ? undefined : rssKb / 1024, stdout: result.stdout, stderr };
}

/**
 * Writes the machine's pending file data to disk (`sync`) before a timed run: what the run before
 * wrote (one tool's output, gigabytes at 10,000 pages) was still being written back during the next
 * tool's run and charged to it as system time (a 10,000-page folio build right after 1.5 GB written:
 * 7.6 and 9.0 s of system CPU, after `sync` 5.8 and 5.4 s; PROFILE.md). Each run still pays for
 * its own writes.
 */
export function settle() {
  spawnSync('sync');
}

/** Where `setAside` puts the outputs and caches of earlier runs until `emptyTrash`. */
const trash = fileURLToPath(new URL('.work/trash/', import.meta.url));
let setAsideCount = 0;

/**
 * Clears outputs and caches before a cold run by moving them into bench/.work/trash, emptied by
 * `emptyTrash` once the timed runs are over. Deleting them just before the run is what the bench did
 * first, and on this machine's ext4 (no journal) the kernel then walks past every inode freed in
 * the last minute or more each time it allocates one (`recently_deleted` in `find_inode_bit`): each
 * round's deletions made the next round's file creation slower, by the number of files a tool
 * writes (Eleventy alone, 7 runs in a row: system CPU 0.54 → 1.85 s; moved aside: 0.25–0.40 s every
 * run; bench/PROFILE.md). A path that is not there is skipped; one that cannot be moved is deleted.
 * The disk's pending writes are flushed first (`settle`).
 */
export function setAside(paths) {
  settle();
  const present = paths.filter((target) => existsSync(target));
  if (present.length) mkdirSync(trash, { recursive: true });
  for (const target of present) {
    try {
      renameSync(target, path.join(trash, `${process.pid}-${setAsideCount++}-${path.basename(target)}`));
    } catch {
      rmSync(target, { recursive: true, force: true });
    }
  }
}

/** Deletes what `setAside` moved (after the timed runs: the deletion's cost lands on no measurement). */
export function emptyTrash() {
  rmSync(trash, { recursive: true, force: true });
}

export function fmt(seconds) {
  return seconds >= 10 ? `${seconds.toFixed(1)} s` : seconds >= 1 ? `${seconds.toFixed(2)} s` : `${Math.round(seconds * 1000)} ms`;
}

/**
 * `folio preview` of a built folder on a free port: resolves with the child process, its URL and its
 * output so far, once it prints where it listens.
 */
export function startPreview({ root, out }) {
  const child = spawn(process.execPath, [folioBin, 'preview', '--root', root, '--out', out, '--port', '0'], {
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString('utf8');
      const match = /folio preview\s+(http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: new URL(match[1]), output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`folio preview exited (${code}):\n${output}`)));
    setTimeout(() => reject(new Error(`folio preview did not start:\n${output}`)), 60_000).unref();
  });
}

/**
 * Imports modules of folio's TypeScript sources in a bench (which runs without tsx): `lines` of
 * `export … from './src/…'`, bundled for Node into bench/.work/<name>.mjs, imported afresh, then removed.
 */
export async function importFromSource(name, lines) {
  const { build } = await import('esbuild');
  const { mkdirSync, rmSync } = await import('node:fs');
  const { pathToFileURL } = await import('node:url');
  const root = new URL('..', import.meta.url).pathname;
  const work = `${root}bench/.work`;
  mkdirSync(work, { recursive: true });
  const outfile = `${work}/${name}.mjs`;
  await build({
    stdin: { contents: lines.join('\n'), resolveDir: root, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    packages: 'external',
    logLevel: 'silent',
  });
  try {
    return await import(`${pathToFileURL(outfile).href}?${Date.now()}`);
  } finally {
    rmSync(outfile, { force: true });
  }
}
