/**
 * The search emitter's records cache in .folio-cache: the pages of a small site share one entry
 * (one file written on a cold build, one read on a warm one), and a later build in a new process
 * reads every page back from it instead of the page bodies.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Cache } from '../../../src/core/cache.js';
import type { EmitInput } from '../../../src/emitters/types.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/** An emit input for `count` doc pages; `loaded` collects the files whose bodies the emitter asked for. */
function inputFor(cacheDir: string, count: number, loaded: string[], changed = -1): EmitInput {
  const routes = Array.from({ length: count }, (_, i) => ({
    path: `/docs/page-${i}`,
    key: `k${i}`,
    template: 'doc',
    title: `Page ${i}`,
    props: {},
    dependsOn: [],
    origin: 'x',
    source: { file: `/site/docs/page-${i}.md`, kind: 'doc' },
  }));
  const body = (i: number) => ({
    html: `<p>Intro of page ${i}${i === changed ? ' with an edit' : ''}.</p><h2 id="usage">Usage</h2><p>Call runThing${i} from the generator.</p>`,
    headings: [{ id: 'usage', text: 'Usage', depth: 2 }],
  });
  const compiled = new Map(routes.map((route, i) => [route.source.file, body(i)]));
  return {
    config: { search: { sections: ['docs', 'blog', 'api'], exclude: [] } },
    table: { routes },
    content: {},
    // Unresolved bodies only: the emitter reads text and headings, never `compiled` after `load`.
    compiled: new Map(),
    load: async () => {
      throw new Error('the search emitter reads bodies through loadText');
    },
    loadText: async (files: Iterable<string>) => {
      const wanted = [...files];
      loaded.push(...wanted);
      return new Map(wanted.map((file) => [file, compiled.get(file)!]));
    },
    bodies: new Map(routes.map((route, i) => [route.source.file, `body-${i}${i === changed ? '-edited' : ''}`])),
    cache: new Cache(cacheDir, { memory: false }),
    cacheSalt: 'salt',
  } as unknown as EmitInput;
}

/** The emitter as a new process loads it (nothing remembered in memory). */
async function freshEmitter() {
  vi.resetModules();
  return (await import('../../../src/emitters/search/search.js')).searchEmitter;
}

describe('search emitter cache', () => {
  it('writes the records of a small site as one entry and reads every page back from it in the next build', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'folio-search-cache-'));
    dirs.push(dir);
    const cold: string[] = [];
    const first = await (await freshEmitter()).emit(inputFor(dir, 5, cold));
    expect(cold).toHaveLength(5);
    expect(filesUnder(path.join(dir, 'search'))).toHaveLength(1);

    const warm: string[] = [];
    const second = await (await freshEmitter()).emit(inputFor(dir, 5, warm));
    expect(warm).toEqual([]);
    expect(second).toEqual(first);

    // One page edited: only its body is read again, and the entry is rewritten with it.
    const edited: string[] = [];
    const third = await (await freshEmitter()).emit(inputFor(dir, 5, edited, 2));
    expect(edited).toEqual(['/site/docs/page-2.md']);
    expect(third).not.toEqual(first);
    expect(filesUnder(path.join(dir, 'search'))).toHaveLength(1);
    const again: string[] = [];
    expect(await (await freshEmitter()).emit(inputFor(dir, 5, again, 2))).toEqual(third);
    expect(again).toEqual([]);
  });

  it('reads the bodies back LOAD_BATCH pages at a time, each page once, and indexes them all', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'folio-search-cache-'));
    dirs.push(dir);
    const { LOAD_BATCH } = await import('../../../src/emitters/search/search.js');
    const count = LOAD_BATCH * 2 + 10;
    const input = inputFor(dir, count, []);
    const calls: number[] = [];
    const loadText = input.loadText;
    input.loadText = async (files) => {
      const list = [...files];
      calls.push(list.length);
      return loadText(list);
    };
    const files = await (await freshEmitter()).emit(input);
    expect(calls).toEqual([LOAD_BATCH, LOAD_BATCH, 10]);
    const manifest = JSON.parse(files.find((file) => file.path.endsWith('manifest.json'))!.contents as string) as { n: number };
    // Two records per page: the intro and the "Usage" section.
    expect(manifest.n).toBe(count * 2);
  });

  it('writes nothing on a later run in the same process (an edit in serve); the next process tokenises the edited page alone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'folio-search-cache-'));
    dirs.push(dir);
    const emitter = await freshEmitter();
    await emitter.emit(inputFor(dir, 5, []));
    const [file] = readdirSync(path.join(dir, 'search'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    const written = readFileSync(path.join(file.parentPath, file.name), 'utf8');
    const edited: string[] = [];
    const inServe = await emitter.emit(inputFor(dir, 5, edited, 2));
    expect(edited).toEqual(['/site/docs/page-2.md']);
    expect(readFileSync(path.join(file.parentPath, file.name), 'utf8')).toBe(written);
    expect(filesUnder(path.join(dir, 'search'))).toHaveLength(1);
    const next: string[] = [];
    expect(await (await freshEmitter()).emit(inputFor(dir, 5, next, 2))).toEqual(inServe);
    expect(next).toEqual(['/site/docs/page-2.md']);
  });
});
