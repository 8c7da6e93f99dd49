/**
 * Starting and stopping `folio serve` and `folio preview` (the real CLI):
 * Ctrl-C shuts everything down (exit 0, port free, no process left behind),
 * a taken port and a missing build are clear errors, and a site whose first
 * build fails is still served (with the error) until it is fixed.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runCli } from '../support/fixtures.js';
import { connectEvents, startCli, type CliServer } from '../support/serve.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function fixture(): string {
  const site = copyFixture('dev-site');
  cleanup.push(() => removeDir(site));
  return site;
}

async function start(args: string[]): Promise<CliServer> {
  const server = await startCli(args);
  cleanup.push(async () => void (await server.stop('SIGKILL')));
  return server;
}

/** Processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // the process ended while listing
    }
  }
  return children;
}

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('folio serve lifecycle', () => {
  it('Ctrl-C (SIGINT) stops the watcher and the server: exit 0, port released, no process left', async () => {
    const site = fixture();
    const server = await start(['serve', '--root', site, '--port', '0']);
    const sse = await connectEvents(server.url);
    // esbuild's service process (it bundled the config, the client and the server).
    const helpers = childrenOf(server.child.pid!);
    expect(helpers.length).toBeGreaterThan(0);
    expect(await canListen(server.port)).toBe(false);

    const code = await server.stop('SIGINT');
    sse.close();
    expect(code).toBe(0);
    expect(server.output()).toContain('folio serve stopped');
    expect(await canListen(server.port)).toBe(true);
    await eventually(() => helpers.every((pid) => !alive(pid)));
  });

  it('SIGTERM stops it the same way', async () => {
    const server = await start(['serve', '--root', fixture(), '--port', '0']);
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(await canListen(server.port)).toBe(true);
  });

  it('a port in use is an error that says what to do', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    cleanup.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const port = (blocker.address() as net.AddressInfo).port;
    const result = runCli(['serve', '--root', fixture(), '--port', String(port)]);
    expect(result.status).toBe(1);
    expect(result.output).toContain('SERVE_PORT_IN_USE');
    expect(result.output).toContain(`port ${port} on 127.0.0.1 is already in use`);
    expect(result.output).toContain('--port 0');
    expect(result.output).not.toMatch(/\n\s+at /);
  });

  it('preview without a build is an error that says to build first', () => {
    const result = runCli(['preview', '--root', fixture(), '--port', '0']);
    expect(result.status).toBe(1);
    expect(result.output).toContain('PREVIEW_NO_OUTPUT');
    expect(result.output).toContain('folio build');
  });

  it('preview serves the build until Ctrl-C', async () => {
    const site = fixture();
    expect(runCli(['build', '--root', site]).status).toBe(0);
    const server = await start(['preview', '--root', site, '--port', '0']);
    const page = await fetch(`${server.url}/docs/getting-started`);
    expect(page.status).toBe(200);
    // A static host: no live-reload script, no events endpoint.
    expect(await page.text()).not.toContain('data-folio-dev');
    expect((await fetch(`${server.url}/__folio/events`)).status).toBe(404);
    expect(await server.stop('SIGINT')).toBe(0);
    expect(await canListen(server.port)).toBe(true);
  });

  it('a site whose first build fails is served with the error until it is fixed', async () => {
    const site = fixture();
    const doc = path.join(site, 'content/docs/getting-started.md');
    const good = readFileSync(doc, 'utf8');
    writeFileSync(doc, good.replace('title: Getting started', 'title: [Getting started'));
    const server = await start(['serve', '--root', site, '--port', '0']);
    expect(server.output()).toContain('FRONT_MATTER_SYNTAX');
    const waiting = await fetch(`${server.url}/`);
    expect(waiting.status).toBe(503);
    expect(await waiting.text()).toContain('data-folio-dev');
    const sse = await connectEvents(server.url);
    const greeting = await sse.next({ after: 0, match: (event) => event.name === 'build-error' });
    expect(greeting.data).toMatchObject({ code: 'FRONT_MATTER_SYNTAX', file: 'content/docs/getting-started.md' });

    const after = sse.events.length;
    writeFileSync(doc, good);
    const update = await sse.next({ after, match: (event) => event.name === 'update' });
    expect(update.data).toMatchObject({ kind: 'full', reload: 'all' });
    expect((await fetch(`${server.url}/docs/getting-started`)).status).toBe(200);
    sse.close();
  });
});
