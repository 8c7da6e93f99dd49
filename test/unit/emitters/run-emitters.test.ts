/**
 * How runEmitters writes an emitter's files: a few at a time (the search index is dozens of
 * files), every file written, the first failure in the emitter's own order reported even when a
 * later file failed first, and nothing new started once a write failed.
 */
import { describe, expect, it } from 'vitest';
import { runEmitters, startEmitters } from '../../../src/emitters/run-emitters.js';
import type { EmitInput, Emitter } from '../../../src/emitters/types.js';
import type { CompiledContent } from '../../../src/markdown/compile.js';
import { isFolioError } from '../../../src/errors/index.js';

const files = (count: number) => Array.from({ length: count }, (_, i) => ({ path: `/index/part-${i}.json`, contents: `{"part":${i}}` }));
const emitterOf = (list: ReturnType<typeof files>): Emitter => ({ name: 'index', fingerprint: () => 'x', emit: () => list });
// The emitters here read nothing from their input.
const input = {} as EmitInput;
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runEmitters: writing an emitter’s files', () => {
  it('writes every file, several at once but never more than 16, and lists them in the emitter’s order', async () => {
    const disk = new Map<string, string | Uint8Array>();
    let inFlight = 0;
    let most = 0;
    const outcome = await runEmitters({
      emitters: [emitterOf(files(75))],
      input,
      write: async (urlPath, contents) => {
        inFlight++;
        most = Math.max(most, inFlight);
        // Later files finish sooner: the list must not come out in completion order.
        await tick(urlPath.endsWith('0.json') ? 6 : 1);
        disk.set(urlPath, contents);
        inFlight--;
      },
    });
    expect(disk.size).toBe(75);
    expect(disk.get('/index/part-42.json')).toBe('{"part":42}');
    expect(outcome.written).toEqual(files(75).map((file) => file.path));
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(16);
  });

  it('reports the first failing file in the emitter’s order, after every started write settled, and starts no write after a failure', async () => {
    const started: string[] = [];
    let settled = 0;
    const error = await runEmitters({
      emitters: [emitterOf(files(60))],
      input,
      write: async (urlPath) => {
        started.push(urlPath);
        // part-3 fails late, part-5 fails early: part-3 is the one reported.
        await tick(urlPath === '/index/part-3.json' ? 15 : 2);
        settled++;
        if (urlPath === '/index/part-3.json' || urlPath === '/index/part-5.json') throw new Error(`disk full writing ${urlPath}`);
      },
    }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('disk full writing /index/part-3.json');
    expect(settled).toBe(started.length);
    // The files started before part-5 failed, and none of the 60 after those.
    expect(started.length).toBeLessThan(60);
  });

  it('a file that is already in the output names the emitter and the path', async () => {
    const { FolioError } = await import('../../../src/errors/index.js');
    const error = await runEmitters({
      emitters: [emitterOf(files(3))],
      input,
      write: async (urlPath) => {
        if (urlPath === '/index/part-1.json')
          throw new FolioError({ code: 'EMITTER_FAILED', message: `${urlPath} is already in the output (a page or an asset has that path)` });
      },
    }).catch((caught: unknown) => caught);
    expect(isFolioError(error)).toBe(true);
    expect((error as Error).message).toContain('the index emitter wrote /index/part-1.json is already in the output');
  });
});

describe('startEmitters: the bodies renderPages has in hand', () => {
  const body = (html: string) => ({ html, headings: [] }) as unknown as CompiledContent;

  it('hands each body to every watcher, a function or a thread with its stop, and says which way each went', () => {
    const seen: string[] = [];
    let stopped = 0;
    const plain: Emitter = { name: 'plain', fingerprint: () => 'x', emit: () => [], watchBodies: () => (file, b) => seen.push(`plain ${file} ${b.html}`) };
    const threaded: Emitter = {
      name: 'threaded',
      fingerprint: () => 'x',
      emit: () => [],
      watchBodies: () => ({ onBody: (file, b) => seen.push(`threaded ${file} ${b.html}`), stop: () => stopped++ }),
    };
    const started = startEmitters([plain, threaded], input);
    started.onBody?.('a.md', body('<p>a</p>'));
    started.onBody?.('b.md', body('<p>b</p>'));
    expect(seen).toEqual(['plain a.md <p>a</p>', 'threaded a.md <p>a</p>', 'plain b.md <p>b</p>', 'threaded b.md <p>b</p>']);
    // The stage line: a watching function is "bodies taken", a thread of its own "begun beside renderPages".
    expect([...started.watching]).toEqual(['plain']);
    expect([...started.begun]).toEqual(['threaded']);
    started.stop();
    expect(stopped).toBe(1);
    // Stopped once, not again.
    started.stop();
    expect(stopped).toBe(1);
  });

  it('an emitter begun by `start` is not asked to watch, and none watching means no onBody', () => {
    let asked = false;
    const begun: Emitter = {
      name: 'begun',
      fingerprint: () => 'x',
      emit: () => [],
      start: () => () => {},
      watchBodies: () => {
        asked = true;
        return () => {};
      },
    };
    const started = startEmitters([begun, emitterOf([])], input);
    expect(asked).toBe(false);
    expect(started.onBody).toBeUndefined();
    expect([...started.begun]).toEqual(['begun']);
  });
});
