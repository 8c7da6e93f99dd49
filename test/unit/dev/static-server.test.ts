import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler, listen, resolveRequest } from '../../../src/dev/static-server.js';
import { removeDir } from '../../support/fixtures.js';

let base: string;
let out: string;

beforeAll(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'folio-static-'));
  out = path.join(base, 'out');
  mkdirSync(path.join(out, 'docs/intro'), { recursive: true });
  mkdirSync(path.join(out, '.well-known'), { recursive: true });
  writeFileSync(path.join(out, 'index.html'), 'home');
  writeFileSync(path.join(out, 'docs/intro/index.html'), 'intro');
  writeFileSync(path.join(out, 'flat.html'), 'flat');
  writeFileSync(path.join(out, '.env'), 'secret');
  writeFileSync(path.join(out, '.well-known/security.txt'), 'contact');
  writeFileSync(path.join(base, 'secret.txt'), 'secret');
  symlinkSync(path.join(base, 'secret.txt'), path.join(out, 'leak.txt'));
  symlinkSync(base, path.join(out, 'up'));
  symlinkSync(path.join(out, 'docs/intro/index.html'), path.join(out, 'inside.html'));
});
afterAll(() => removeDir(base));

const file = (rel: string) => ({ file: path.join(out, rel) });

describe('resolveRequest', () => {
  it('maps the path forms of a page to its file', () => {
    for (const form of ['/docs/intro', '/docs/intro/', '/docs/intro.html', '/docs/intro/index.html', '/docs/intro?x=1', '/docs//intro']) {
      expect(resolveRequest(out, form), form).toEqual(file('docs/intro/index.html'));
    }
    expect(resolveRequest(out, '/')).toEqual(file('index.html'));
    expect(resolveRequest(out, '/flat')).toEqual(file('flat.html'));
    expect(resolveRequest(out, '/docs/%69ntro')).toEqual(file('docs/intro/index.html'));
  });

  it('refuses dot segments in every encoding, NUL bytes and backslashes', () => {
    for (const target of [
      '/../secret.txt',
      '/docs/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2e/secret.txt',
      '/..%2fsecret.txt',
      '/docs/.%2e/x',
      '/./index.html',
      '/%00',
      '/a\\b',
      '/%5c..%5csecret.txt',
      '/%E0%A4%A',
    ]) {
      expect(resolveRequest(out, target), target).toEqual({ refused: true });
    }
  });

  it('refuses symlinks leading outside, follows those that stay inside', () => {
    expect(resolveRequest(out, '/leak.txt')).toEqual({ refused: true });
    expect(resolveRequest(out, '/up/secret.txt')).toEqual({ refused: true });
    expect(resolveRequest(out, '/inside.html')).toEqual(file('docs/intro/index.html'));
  });

  it('does not serve dotfiles, except .well-known', () => {
    expect(resolveRequest(out, '/.env')).toBeUndefined();
    expect(resolveRequest(out, '/%2eenv')).toBeUndefined();
    expect(resolveRequest(out, '/.well-known/security.txt')).toEqual(file('.well-known/security.txt'));
  });

  it('keeps absolute paths inside the root', () => {
    expect(resolveRequest(out, `${base}/secret.txt`)).toBeUndefined();
    expect(resolveRequest(out, `/${encodeURIComponent(`${base}/secret.txt`)}`)).toBeUndefined();
    expect(resolveRequest(out, '/nothing/here')).toBeUndefined();
  });
});

describe('createStaticHandler', () => {
  it('survives a file deleted between its lookup and its sending (an update in flight)', async () => {
    const victim = path.join(out, 'victim.txt');
    writeFileSync(victim, 'about to go');
    const handler = createStaticHandler({ root: out });
    const server = await listen({
      host: '127.0.0.1',
      port: 0,
      handler: (req, res) => {
        handler(req, res);
        // sirv has looked the file up and is about to open it.
        if (req.url === '/victim.txt') rmSync(victim);
      },
    });
    try {
      await expect(fetch(`${server.url}/victim.txt`).then((response) => response.text())).rejects.toThrow();
      // Still serving.
      expect(await (await fetch(`${server.url}/docs/intro`)).text()).toBe('intro');
    } finally {
      await server.close();
    }
  });
});

describe('listen', () => {
  it('answers 500 for a request whose handler fails, reports one line, and keeps serving', async () => {
    const lines: string[] = [];
    const pages = createStaticHandler({
      root: out,
      transformHtml: (html, info) => {
        if (info.path === '/flat') throw new Error('template exploded');
        return html;
      },
    });
    const server = await listen({
      host: '127.0.0.1',
      port: 0,
      report: (line) => lines.push(line),
      handler: (req, res) => {
        if (req.url === '/throws') throw new Error('thrown at once');
        if (req.url === '/rejects') return Promise.reject(new Error('rejected later'));
        if (req.url === '/half') {
          res.writeHead(200, { 'Content-Type': 'text/plain' });
          res.write('half an answer');
          throw new Error('thrown after the head');
        }
        return pages(req, res);
      },
    });
    try {
      for (const target of ['/throws', '/rejects', '/flat']) {
        const response = await fetch(`${server.url}${target}`);
        expect(response.status, target).toBe(500);
        expect(await response.text()).toContain('Internal server error');
        expect((await fetch(`${server.url}/docs/intro`)).status).toBe(200);
      }
      // Once the head is out, the connection is cut: the client sees an incomplete answer, not a 200.
      await expect(fetch(`${server.url}/half`).then((response) => response.text())).rejects.toThrow();
      expect(await (await fetch(`${server.url}/docs/intro`)).text()).toBe('intro');
      expect(lines).toHaveLength(4);
      expect(lines.join('\n')).toContain('GET /throws: thrown at once');
      expect(lines.join('\n')).toContain('GET /rejects: rejected later');
      expect(lines.join('\n')).toContain('GET /flat: template exploded');
      expect(lines.every((line) => line.includes('SERVE_REQUEST_FAILED') && !line.includes('\n'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('listen, after the start', () => {
  it('reports a server error (a failed accept when out of file handles) and keeps serving', async () => {
    const lines: string[] = [];
    const server = await listen({ host: '127.0.0.1', port: 0, report: (line) => lines.push(line), handler: createStaticHandler({ root: out }) });
    try {
      // What node emits when accept() fails with EMFILE; it keeps listening afterwards.
      server.server.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' }));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('accept EMFILE');
      expect(await (await fetch(`${server.url}/docs/intro`)).text()).toBe('intro');
    } finally {
      await server.close();
    }
  });
});
