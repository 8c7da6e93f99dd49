/**
 * Helpers for the `folio serve` / `folio preview` tests: run the real CLI as
 * a child process on a free port, follow its output and its server-sent
 * events, make raw HTTP requests (no URL normalising), and copy folio itself
 * so a test can edit the theme without touching this repository.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, stripAnsi } from './fixtures.js';

export interface SseEvent {
  name: string;
  data: Record<string, unknown> & { rendered?: string[]; removed?: string[]; reload?: string; kind?: string; styles?: string[] };
}

export interface SseClient {
  events: SseEvent[];
  /** The first event after `after` (an index into `events`) that satisfies `match`. */
  next(options?: { after?: number; match?: (event: SseEvent) => boolean; timeoutMs?: number }): Promise<SseEvent>;
  close(): void;
}

export function connectEvents(url: string): Promise<SseClient> {
  const events: SseEvent[] = [];
  const listeners = new Set<() => void>();
  return new Promise((resolve, reject) => {
    const req = http.get(`${url.replace(/\/$/, '')}/__folio/events`, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events endpoint answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = [...block.matchAll(/^data: (.*)$/gm)].map((m) => m[1]).join('\n');
          if (!name) continue;
          events.push({ name, data: JSON.parse(data) as SseEvent['data'] });
          for (const listener of [...listeners]) listener();
        }
      });
      const client: SseClient = {
        events,
        next({ after = events.length, match = () => true, timeoutMs = 60_000 } = {}) {
          return new Promise((done, fail) => {
            const check = () => {
              const found = events.slice(after).find(match);
              if (!found) return;
              listeners.delete(check);
              clearTimeout(timer);
              done(found);
            };
            const timer = setTimeout(() => {
              listeners.delete(check);
              fail(new Error(`no matching server-sent event within ${timeoutMs} ms; got: ${JSON.stringify(events.slice(after)).slice(0, 2000)}`));
            }, timeoutMs);
            listeners.add(check);
            check();
          });
        },
        close: () => req.destroy(),
      };
      resolve(client);
    });
    req.on('error', reject);
  });
}

export interface CliServer {
  child: ChildProcess;
  /** Origin without a trailing slash. */
  url: string;
  port: number;
  /** Everything printed so far (stdout and stderr, no colours). */
  output(): string;
  /** Waits until the output (after `from` characters) matches. */
  waitForOutput(pattern: RegExp, options?: { from?: number; timeoutMs?: number }): Promise<string>;
  /** Sends SIGINT and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs `folio <command> ...args` (serve or preview) and waits for the URL it prints. */
export async function startCli(args: string[], { folio = repoRoot, timeoutMs = 120_000 }: { folio?: string; timeoutMs?: number } = {}): Promise<CliServer> {
  const child = spawn(process.execPath, [path.join(folio, 'bin/folio'), ...args], {
    cwd: folio,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += stripAnsi(chunk.toString('utf8'));
    for (const waiter of [...waiters]) waiter();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitForOutput = (pattern: RegExp, { from = 0, timeoutMs: limit = 60_000 } = {}) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(text.slice(from));
        if (match) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(match[0]);
        } else if (child.exitCode !== null) {
          waiters.delete(check);
          clearTimeout(timer);
          reject(new Error(`folio exited (${child.exitCode}) before printing ${pattern}:\n${text}`));
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`folio did not print ${pattern} within ${limit} ms:\n${text}`));
      }, limit);
      waiters.add(check);
      child.once('exit', check);
      check();
    });
  const line = await waitForOutput(/folio (serve|preview)\s+http:\/\/\S+/, { timeoutMs });
  const url = /http:\/\/\S+/.exec(line)![0].replace(/\/$/, '');
  return {
    child,
    url,
    port: Number(new URL(url).port),
    output: () => text,
    waitForOutput,
    async stop(signal = 'SIGINT') {
      if (child.exitCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends an HTTP/1.1 request exactly as written (fetch would normalise `..` and encodings away). */
export function rawRequest(
  url: string,
  target: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let data = Buffer.alloc(0);
    socket.on('connect', () => {
      const extra = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n${extra}\r\n`);
    });
    socket.on('data', (chunk: Buffer) => (data = Buffer.concat([data, chunk])));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = data.toString('utf8');
      const headEnd = text.indexOf('\r\n\r\n');
      const head = text.slice(0, headEnd).split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head[0] ?? '')?.[1]);
      const parsed: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const index = line.indexOf(':');
        parsed[line.slice(0, index).toLowerCase()] = line.slice(index + 1).trim();
      }
      let body = text.slice(headEnd + 4);
      if (parsed['transfer-encoding'] === 'chunked') body = unchunk(body);
      resolve({ status, headers: parsed, body });
    });
  });
}

function unchunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/**
 * A private copy of folio (its compiled CLI, theme and client sources) in a
 * temporary folder, sharing this repository's node_modules: tests edit its
 * templates and styles freely.
 */
export function copyFolio(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-self-'));
  for (const entry of ['bin', 'dist', 'templates', 'src', 'package.json']) cpSync(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  mkdirSync(path.join(dir, '.tmp'), { recursive: true });
  return dir;
}
