/**
 * No single request takes `folio serve` or `folio preview` down (the real
 * CLI, raw requests so nothing is normalised on the way): malformed ranges,
 * URLs, methods and headers each get an answer (a 4xx, or the header is
 * ignored) and the next normal request is served. Also: the traversal
 * spellings, 431 and 405; `serve` picking a deleted and restored content
 * folder up again; symbolic link loops in content; what `preview` says
 * about a folder folio did not build.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runCli } from '../support/fixtures.js';
import { rawRequest, startCli, type CliServer } from '../support/serve.js';

/** A static file of known bytes: 200 of them, byte i being the character `i % 10`. */
const BYTES = Array.from({ length: 200 }, (_, index) => String(index % 10)).join('');
const HOME_TEXT = 'Dev Site';

interface Served {
  site: string;
  server: CliServer;
  secret: string;
}

const servers: Partial<Record<'preview' | 'serve', Served>> = {};

/** A dev-site copy with the known static file and a secret next to (outside) its output. */
function prepareSite(): { site: string; secret: string } {
  const site = copyFixture('dev-site');
  writeFileSync(path.join(site, 'content/static/bytes.txt'), BYTES);
  const secret = `TOP-SECRET-${randomBytes(6).toString('hex')}`;
  writeFileSync(path.join(site, 'secret.txt'), secret);
  return { site, secret };
}

beforeAll(async () => {
  const preview = prepareSite();
  const built = runCli(['build', '--root', preview.site]);
  if (built.status !== 0) throw new Error(built.output);
  const serve = prepareSite();
  const [previewServer, serveServer] = await Promise.all([
    startCli(['preview', '--root', preview.site, '--port', '0']),
    startCli(['serve', '--root', serve.site, '--port', '0']),
  ]);
  servers.preview = { ...preview, server: previewServer };
  servers.serve = { ...serve, server: serveServer };
});

afterAll(async () => {
  for (const served of Object.values(servers)) {
    await served.server.stop();
    removeDir(served.site);
  }
});

describe.each(['preview', 'serve'] as const)('folio %s under malformed requests', (name) => {
  const served = () => servers[name]!;
  const request = (target: string, options?: Parameters<typeof rawRequest>[2]) => rawRequest(served().server.url, target, options);
  /** The server is still up and answers the home page. */
  const stillServing = async (after: string) => {
    expect(served().server.child.exitCode, `${name} exited after ${after}:\n${served().server.output()}`).toBeNull();
    const home = await request('/');
    expect(home.status, `home page after ${after}`).toBe(200);
    expect(home.body).toContain(HOME_TEXT);
  };

  it('answers ranges by RFC 9110: 206 with the bytes, 416 when unsatisfiable, 200 when ignored', async () => {
    const range = (value: string, headers: Record<string, string> = {}) => request('/bytes.txt', { headers: { Range: value, ...headers } });

    for (const value of ['bytes=100-50', 'bytes=200-', 'bytes=99999999999999999999-', 'bytes=-0', 'bytes=500-600']) {
      const response = await range(value);
      expect(response.status, value).toBe(416);
      expect(response.headers['content-range'], value).toBe(`bytes */${BYTES.length}`);
      await stillServing(`Range: ${value}`);
    }

    const cases: [string, number, number][] = [
      // [header, first byte, last byte]
      ['bytes=0-99999999999999999999', 0, BYTES.length - 1],
      ['bytes=-50', BYTES.length - 50, BYTES.length - 1],
      ['bytes=10-19', 10, 19],
      ['bytes=190-', 190, BYTES.length - 1],
      ['bytes=-1000', 0, BYTES.length - 1],
    ];
    for (const [value, first, last] of cases) {
      const response = await range(value);
      expect(response.status, value).toBe(206);
      expect(response.headers['content-range'], value).toBe(`bytes ${first}-${last}/${BYTES.length}`);
      expect(response.body, value).toBe(BYTES.slice(first, last + 1));
      expect(Number(response.headers['content-length']), value).toBe(last - first + 1);
      await stillServing(`Range: ${value}`);
    }

    // Not one byte range: the whole file.
    for (const value of ['bytes=abc', 'bytes=1-2-3', 'bytes=0-1,5-6', 'lines=1-2', 'bytes=', 'bytes=--5', `bytes=${'9'.repeat(5000)}-`]) {
      const response = await range(value);
      if (value.startsWith('bytes=9')) expect(response.status, 'a start far past the end').toBe(416);
      else {
        expect(response.status, value).toBe(200);
        expect(response.body, value).toBe(BYTES);
      }
      await stillServing(`Range: ${value}`);
    }
    // A range with a validator that cannot be checked strongly is ignored.
    expect((await range('bytes=0-9', { 'If-Range': 'W/"whatever"' })).body).toBe(BYTES);
    expect((await request('/bytes.txt', { method: 'HEAD', headers: { Range: 'bytes=100-50' } })).status).toBe(200);
    expect((await request('/no/such/page', { headers: { Range: 'bytes=100-50' } })).status).toBe(404);
    expect([200, 206]).toContain((await request('/docs/getting-started', { headers: { Range: 'bytes=100-50000' } })).status);
    await stillServing('ranges on other paths');
  });

  it('answers malformed and overlong URLs with a 4xx', async () => {
    const targets = [
      '/%',
      '/%E0%A4%A',
      '//..',
      '/%00',
      '/docs/%00/x',
      '/%%%',
      '/%zz',
      '/%E0%A4',
      '/%ED%A0%80',
      '/%C0%AE%C0%AE/',
      '/\u007f',
      '/docs/getting-started%00',
      `/${'a/'.repeat(4000)}`,
      `/${'%2e'.repeat(5000)}`,
      `/?${'q'.repeat(20_000)}`,
      `/${'x'.repeat(70_000)}`,
      '*',
      'http://example.com/',
      'example.com:80',
    ];
    for (const target of targets) {
      const response = await request(target);
      expect(response.status, `status of ${target.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `status of ${target.slice(0, 40)}`).toBeLessThan(500);
      await stillServing(target.slice(0, 40));
    }
    expect((await request(`/${'x'.repeat(70_000)}`)).status).toBe(431);
  });

  it('answers other methods with 405 (and an unknown one with 400)', async () => {
    for (const method of ['DELETE', 'PUT', 'POST', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND']) {
      const response = await request('/', { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.allow, method).toBe('GET, HEAD');
      await stillServing(method);
    }
    const connect = await request('127.0.0.1:80', { method: 'CONNECT' });
    expect(connect.status).toBe(405);
    await stillServing('CONNECT');
    for (const method of ['FOO', 'G E T', 'GET\u0000']) {
      expect((await request('/', { method })).status, method).toBe(400);
      await stillServing(method);
    }
  });

  it('ignores odd Accept-Encoding, If-None-Match and If-Modified-Since values; 431 for huge headers', async () => {
    const headerSets: Record<string, string>[] = [
      { 'Accept-Encoding': 'x-unknown' },
      { 'Accept-Encoding': 'br;q=abc, gzip;q=7, *;q=0, identity;q=0' },
      { 'Accept-Encoding': ',,,;;;' },
      { 'If-None-Match': '*' },
      { 'If-None-Match': `W/"${'x'.repeat(8000)}"` },
      { 'If-None-Match': '"a", W/"b", , "' },
      { 'If-Modified-Since': 'yesterday' },
      { 'If-Modified-Since': 'Thu, 01 Jan 99999 00:00:00 GMT' },
      { 'If-Modified-Since': '-1' },
      { 'If-Range': 'garbage', Range: 'bytes=0-1' },
      { Upgrade: 'websocket', Connection: 'Upgrade' },
    ];
    for (const headers of headerSets) {
      for (const target of ['/', '/bytes.txt', '/docs/getting-started']) {
        const response = await request(target, { headers });
        expect([200, 304], `${target} with ${JSON.stringify(headers).slice(0, 80)}`).toContain(response.status);
      }
      await stillServing(JSON.stringify(headers).slice(0, 80));
    }
    expect((await request('/', { headers: { 'X-Huge': 'h'.repeat(70_000) } })).status).toBe(431);
    const many = Object.fromEntries(Array.from({ length: 3000 }, (_, index) => [`X-Header-${index}`, 'value']));
    expect((await request('/', { headers: many })).status).toBe(431);
    await stillServing('huge headers');
  });

  it('refuses 38 spellings of a way out of the output folder', async () => {
    const { site, secret } = served();
    const attempts = [
      '/../secret.txt',
      '/docs/../../secret.txt',
      '/./../secret.txt',
      '/docs/./../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/.%2e/secret.txt',
      '/%2e./secret.txt',
      '/docs/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/..%2Fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/%2e%2e%5csecret.txt',
      '/..\\secret.txt',
      '/%5c..%5csecret.txt',
      '/..%5csecret.txt',
      '/%252e%252e/secret.txt',
      '/%252e%252e%252fsecret.txt',
      '/..%252fsecret.txt',
      '/docs/getting-started/..%2f..%2f..%2fsecret.txt',
      '/%c0%ae%c0%ae/secret.txt',
      '/%e0%80%ae%e0%80%ae/secret.txt',
      '/%uff0e%uff0e/secret.txt',
      '/..%c0%afsecret.txt',
      '/%00/../secret.txt',
      '/docs/..%00/secret.txt',
      '/.%00./secret.txt',
      '/secret.txt%00.html',
      '/..;/secret.txt',
      '/....//secret.txt',
      `${site}/secret.txt`,
      `/${encodeURIComponent(`${site}/secret.txt`)}`,
      '//secret.txt',
      `//${site.slice(1)}/secret.txt`,
      'http://127.0.0.1/../secret.txt',
      '/docs/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc/passwd',
      '/../../../../../../etc/passwd',
    ];
    expect(attempts).toHaveLength(38);
    for (const target of attempts) {
      const response = await request(target);
      expect([400, 403, 404], `status of ${target}`).toContain(response.status);
      expect(response.body, `body of ${target}`).not.toContain(secret);
      expect(response.body, `body of ${target}`).not.toMatch(/root:.*:0:0:/);
    }
    for (const target of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%5c..%5csecret.txt',
      '/%2e%2e%5csecret.txt',
      '/%c0%ae%c0%ae/secret.txt',
    ]) {
      expect((await request(target)).status, target).toBe(403);
    }
    await stillServing('the traversal attempts');
  });
});

describe('folio serve and its watched folders', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function serveSite(setup: (site: string) => void = () => {}) {
    const site = copyFixture('dev-site');
    cleanup.push(() => removeDir(site));
    setup(site);
    const server = await startCli(['serve', '--root', site, '--port', '0']);
    cleanup.push(async () => void (await server.stop('SIGKILL')));
    return { site, server };
  }

  /** Polls `route` until `check` accepts the answer (no assertion on how long it takes). */
  async function until(server: CliServer, route: string, check: (status: number, html: string) => boolean, what: string) {
    const end = Date.now() + 60_000;
    let last = '';
    for (;;) {
      const response = await fetch(`${server.url}${route}`);
      const html = await response.text();
      if (check(response.status, html)) return html;
      last = `${response.status} ${html.slice(0, 200)}`;
      if (Date.now() > end) throw new Error(`${what}: ${route} still answers ${last}\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const page = '/docs/getting-started';
  const docFile = 'content/docs/getting-started.md';

  for (const [label, restoreAtOnce] of [
    ['after a while', false],
    ['at once (one shell command)', true],
  ] as const) {
    it(`serves a content folder deleted and restored ${label}, and the edits made after`, async () => {
      const { site, server } = await serveSite();
      const backup = path.join(site, 'backup');
      expect(spawnSync('cp', ['-a', path.join(site, 'content'), backup]).status).toBe(0);
      if (restoreAtOnce) {
        expect(spawnSync('sh', ['-c', 'rm -rf content && cp -a backup content'], { cwd: site }).status).toBe(0);
      } else {
        rmSync(path.join(site, 'content'), { recursive: true });
        await until(server, page, (status) => status === 404, 'the deleted page');
        expect(spawnSync('cp', ['-r', backup, path.join(site, 'content')]).status).toBe(0);
      }
      await until(server, page, (status, html) => status === 200 && html.includes('Install the tool, then run it.'), 'the restored page');
      const doc = path.join(site, docFile);
      writeFileSync(doc, readFileSync(doc, 'utf8').replace('Install the tool, then run it.', 'Edited after the restore.'));
      await until(server, page, (status, html) => status === 200 && html.includes('Edited after the restore.'), 'the edit');
      const added = path.join(site, 'content/docs/added-later.md');
      writeFileSync(added, '---\ntitle: Added later\n---\n\nA page written after the restore.\n');
      await until(server, '/docs/added-later', (status, html) => status === 200 && html.includes('A page written after the restore.'), 'the new page');
      expect(server.child.exitCode).toBeNull();
    });
  }

  it('serves a site whose content holds symbolic link loops, and sees edits', async () => {
    const { site, server } = await serveSite((root) => {
      symlinkSync('.', path.join(root, 'content/docs/loop'));
      symlinkSync('..', path.join(root, 'content/docs/up'));
      mkdirSync(path.join(root, 'content/docs/guides/deeper'));
      symlinkSync('../../guides', path.join(root, 'content/docs/guides/deeper/back'));
    });
    expect((await fetch(`${server.url}${page}`)).status).toBe(200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    const doc = path.join(site, docFile);
    writeFileSync(doc, readFileSync(doc, 'utf8').replace('Install the tool, then run it.', 'Edited next to a loop.'));
    await until(server, page, (status, html) => status === 200 && html.includes('Edited next to a loop.'), 'the edit');
    // One rebuild line names the edited file (not once per level of the loop).
    await server.waitForOutput(/getting-started\.md → /);
    expect(server.output()).not.toMatch(/loop\/loop|up\/docs/);
    expect(server.child.exitCode).toBeNull();
  });
});

describe('folio preview and the folder it serves', () => {
  const sites: string[] = [];
  afterAll(() => sites.forEach(removeDir));
  const site = () => {
    const root = copyFixture('dev-site');
    sites.push(root);
    return root;
  };

  it('an empty output folder, or a file, is an error that says to build first', () => {
    const empty = site();
    mkdirSync(path.join(empty, 'out'));
    const result = runCli(['preview', '--root', empty, '--port', '0']);
    expect(result.status).toBe(1);
    expect(result.output).toContain('PREVIEW_NO_OUTPUT');
    expect(result.output).toContain('out is empty');
    expect(result.output).toContain('folio build');
    expect(result.output).not.toMatch(/\n\s+at /);

    const file = site();
    writeFileSync(path.join(file, 'out'), 'not a folder');
    const asFile = runCli(['preview', '--root', file, '--port', '0']);
    expect(asFile.status).toBe(1);
    expect(asFile.output).toContain('out is a file');
  });

  it('serves a folder folio did not write, with a warning', async () => {
    const root = site();
    mkdirSync(path.join(root, 'out'));
    writeFileSync(path.join(root, 'out/index.html'), '<!doctype html><title>Hand made</title><p>Written by hand.</p>');
    const server = await startCli(['preview', '--root', root, '--port', '0']);
    try {
      expect(server.output()).toMatch(/warning PREVIEW_NOT_FOLIO .*folio did not write.*serving it anyway/);
      const response = await fetch(`${server.url}/`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Written by hand.');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('serves a folder folio built without a warning', async () => {
    const root = site();
    expect(runCli(['build', '--root', root]).status).toBe(0);
    const server = await startCli(['preview', '--root', root, '--port', '0']);
    try {
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      expect(server.output()).not.toContain('PREVIEW_NOT_FOLIO');
    } finally {
      await server.stop();
    }
  });
});
