/**
 * Static-host behaviour of `folio preview` and `folio serve` (the real CLI),
 * checked with raw HTTP requests so `..` and encodings reach the server
 * unchanged: path forms, 404.html with status 404, caching headers, ETags,
 * and refusal of anything outside the output folder (`..` in every
 * encoding, absolute paths, dotfiles, symlinks leading out).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runCli } from '../support/fixtures.js';
import { rawRequest, startCli, type CliServer } from '../support/serve.js';

interface Served {
  name: 'preview' | 'serve';
  site: string;
  server: CliServer;
  secret: string;
}

const servers: Partial<Record<Served['name'], Served>> = {};

/** Puts a secret next to the output folder and ways to reach it from inside. */
function plantSecrets(site: string): string {
  const secret = `TOP-SECRET-${randomBytes(6).toString('hex')}`;
  writeFileSync(path.join(site, 'secret.txt'), secret);
  const out = path.join(site, 'out');
  symlinkSync(path.join(site, 'secret.txt'), path.join(out, 'leak.txt'));
  symlinkSync('../secret.txt', path.join(out, 'relative-leak.txt'));
  symlinkSync(site, path.join(out, 'leakdir'));
  writeFileSync(path.join(out, '.env'), secret);
  return secret;
}

beforeAll(async () => {
  const previewSite = copyFixture('dev-site');
  const built = runCli(['build', '--root', previewSite]);
  if (built.status !== 0) throw new Error(built.output);
  const previewSecret = plantSecrets(previewSite);
  const serveSite = copyFixture('dev-site');
  const [preview, serve] = await Promise.all([
    startCli(['preview', '--root', previewSite, '--port', '0']),
    startCli(['serve', '--root', serveSite, '--port', '0']),
  ]);
  servers.preview = { name: 'preview', site: previewSite, server: preview, secret: previewSecret };
  servers.serve = { name: 'serve', site: serveSite, server: serve, secret: plantSecrets(serveSite) };
});

afterAll(async () => {
  for (const served of Object.values(servers)) {
    await served.server.stop();
    removeDir(served.site);
  }
});

describe.each(['preview', 'serve'] as const)('folio %s', (name) => {
  const served = () => servers[name]!;
  const request = (target: string, options?: Parameters<typeof rawRequest>[2]) => rawRequest(served().server.url, target, options);

  it('answers a page for /x, /x/, /x.html and /x/index.html alike', async () => {
    const forms = ['/docs/getting-started', '/docs/getting-started/', '/docs/getting-started.html', '/docs/getting-started/index.html'];
    const responses = await Promise.all(forms.map((form) => request(form)));
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<h1');
      expect(response.body).toContain('Install the tool, then run it.');
    }
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    const home = await Promise.all(['/', '/index.html'].map((form) => request(form)));
    expect(home.map((response) => response.status)).toEqual([200, 200]);
    expect(home[0].body).toBe(home[1].body);
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    for (const target of ['/no/such/page', '/docs/getting-started/nope', '/assets/missing-12345678.js']) {
      const response = await request(target);
      expect(response.status).toBe(404);
      expect(response.body).toContain('We could not find what you were looking for.');
    }
    // Never "not modified" for a missing path, even with the ETag 404.html is served with.
    const notFoundPage = await request('/404.html');
    expect(notFoundPage.headers.etag).toBeTruthy();
    const conditional = await request('/no/such/page', { headers: { 'If-None-Match': notFoundPage.headers.etag } });
    expect(conditional.status).toBe(404);
    expect(conditional.body).toContain('We could not find what you were looking for.');
  });

  it('caches hashed assets forever and revalidates HTML, with ETags', async () => {
    const page = await request('/docs/getting-started');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toBeTruthy();
    expect((await request('/docs/getting-started', { headers: { 'If-None-Match': page.headers.etag } })).status).toBe(304);

    const stylesheet = /href="(\/assets\/client-[^"]+\.css)"/.exec(page.body)![1];
    const asset = await request(stylesheet);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.etag).toBeTruthy();
    const again = await request(stylesheet, { headers: { 'If-None-Match': asset.headers.etag } });
    expect(again.status).toBe(304);

    const unhashed = await request('/img/favicon.svg');
    expect(unhashed.status).toBe(200);
    expect(unhashed.headers['cache-control']).toBe('no-cache');
    expect((await request('/routes.json')).headers['cache-control']).toBe('no-cache');
    const head = await request('/docs/getting-started', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect((await request('/docs/getting-started', { method: 'POST' })).status).toBe(405);
  });

  it('never serves a file from outside the output folder', async () => {
    const { secret, site } = served();
    const attempts = [
      '/../secret.txt',
      '/docs/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/.%2e/secret.txt',
      '/%2e./secret.txt',
      '/docs/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/%2e%2e%5csecret.txt',
      '/..\\secret.txt',
      '/%252e%252e/secret.txt',
      '/docs/getting-started/..%2f..%2f..%2fsecret.txt',
      `${site}/secret.txt`,
      `/${encodeURIComponent(`${site}/secret.txt`)}`,
      '//secret.txt',
      `//${site.slice(1)}/secret.txt`,
      `http://127.0.0.1/../secret.txt`,
      '/secret.txt%00.html',
      '/%00',
      '/leak.txt',
      '/relative-leak.txt',
      '/leakdir/secret.txt',
      '/.env',
      '/%2eenv',
    ];
    for (const target of attempts) {
      const response = await request(target);
      expect([400, 403, 404], `status of ${target}`).toContain(response.status);
      expect(response.body, `body of ${target}`).not.toContain(secret);
    }
    // The traversal forms are refused outright, and so are the symlinks leading out.
    for (const target of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/leak.txt', '/relative-leak.txt', '/leakdir/secret.txt']) {
      expect((await request(target)).status).toBe(403);
    }
    // The output folder really has those links (the refusals above are not just missing files).
    expect(readdirSync(path.join(site, 'out'))).toEqual(expect.arrayContaining(['leak.txt', 'relative-leak.txt', 'leakdir', '.env']));
  });
});
