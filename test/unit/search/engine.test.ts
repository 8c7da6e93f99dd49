/** The search engine on small hand-made indexes: tokens, camelCase parts, prefix, fuzzy, ranking, excerpts. */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../../src/emitters/search/indexer.js';
import type { PageRecords } from '../../../src/emitters/search/records.js';
import { createSearch, editDistance, excerptOf } from '../../../src/shared/search/engine.js';
import { GLYPHS_MAX } from '../../../src/shared/search/format.js';
import { tokenise } from '../../../src/shared/search/tokenize.js';

const page = (title: string, url: string, sections: [string, string][], label = 'Docs'): PageRecords => ({
  title,
  url,
  label,
  sections: sections.map(([heading, text]) => ({ heading, anchor: heading.toLowerCase().replace(/\s+/g, '-'), text })),
});

/** An engine over the files buildSearchIndex writes, loaded from memory; `fetched` lists what a query read. */
function engineOf(pages: PageRecords[]) {
  const { manifest, files } = buildSearchIndex(pages);
  const byName = new Map(files.map((file) => [file.name, JSON.parse(file.contents) as unknown]));
  const fetched: string[] = [];
  const engine = createSearch(async (name) => {
    fetched.push(name);
    return name === 'manifest.json' ? structuredClone(manifest) : byName.get(name);
  });
  return { engine, fetched, files };
}

const site = [
  page('Kafka', '/docs/kafka', [
    ['', 'Apache Kafka is a distributed event log. The generator writes producers and consumers.'],
    ['Consumer groups', 'Each consumer joins a group; partitions are shared between the members.'],
  ]),
  page('Configuration', '/docs/configuration', [
    ['', 'The configuration file tells the generator what to produce.'],
    ['Loading', 'Call loadConfigFile with a path, or let it find codegen.config.js next to package.json.'],
  ]),
  page('TypeScript output', '/docs/typescript', [['', 'Every generator emits TypeScript classes with strict types.']]),
  page('Release notes', '/blog/release', [['', 'We added Kafka headers and fixed a bug in NATS request reply.']], 'Blog'),
  page('NATS', '/docs/nats', [
    ['', 'NATS is a messaging system.'],
    ['Request and reply', 'A request waits for one reply from a responder on the subject.'],
  ]),
];

describe('tokenise', () => {
  it('keeps the whole word and adds its camelCase, snake_case and kebab-case parts', () => {
    const terms = (text: string) => tokenise(text).map((token) => `${token.term}${token.part ? '*' : ''}`);
    expect(terms('loadConfigFile')).toEqual(['loadconfigfile', 'load*', 'config*', 'file*']);
    expect(terms('HTTPServer snake_case_name request-reply')).toEqual([
      'httpserver',
      'http*',
      'server*',
      'snake_case_name',
      'snake*',
      'case*',
      'name*',
      'request-reply',
      'request*',
      'reply*',
    ]);
    // Stop words and single letters are left out; plurals also count as their singular.
    expect(terms('The payloads of a Café')).toEqual(['payloads', 'payload*', 'cafe']);
  });
});

describe('search', () => {
  it('finds a word and ranks the page titled with it first, with the matching section', async () => {
    const { engine } = engineOf(site);
    const results = await engine.search('kafka');
    expect(results.map((result) => result.url)).toEqual(['/docs/kafka', '/blog/release']);
    expect(results[0]).toMatchObject({ title: 'Kafka', label: 'Docs' });
    expect(results[1].label).toBe('Blog');
    expect((results[0].excerpt ?? []).filter((part) => part.mark).map((part) => part.text)).toEqual(['Kafka']);
  });

  it('ranks pages matching every word above pages matching some, and lists the matching sections', async () => {
    const { engine } = engineOf(site);
    const results = await engine.search('nats request reply');
    expect(results[0].url).toBe('/docs/nats');
    expect(results[0].sections.map((section) => section.url)).toEqual(['/docs/nats#request-and-reply']);
    expect(results[0].sections[0].heading).toBe('Request and reply');
  });

  it('finds camelCase names whole and by their parts', async () => {
    const { engine } = engineOf(site);
    expect((await engine.search('loadConfigFile'))[0].sections[0].url).toBe('/docs/configuration#loading');
    expect((await engine.search('load config file '))[0].url).toBe('/docs/configuration');
  });

  it('matches the last word as a prefix while typing, and only whole words after a space', async () => {
    const { engine } = engineOf(site);
    expect((await engine.search('kaf')).map((result) => result.url)).toContain('/docs/kafka');
    expect(await engine.search('kaf ')).toEqual([]);
    // The completion is highlighted whole.
    expect(((await engine.search('kaf'))[0].excerpt ?? []).find((part) => part.mark)?.text).toBe('Kafka');
  });

  it('finds misspelt words (edit distance 1 from 5 letters, 2 from 8) but not short near-misses', async () => {
    const { engine } = engineOf(site);
    expect((await engine.search('typscript '))[0].url).toBe('/docs/typescript');
    expect((await engine.search('typescirpt '))[0].url).toBe('/docs/typescript');
    expect((await engine.search('kafke '))[0].url).toBe('/docs/kafka');
    expect(await engine.search('nuts ')).toEqual([]);
  });

  it('fetches only the manifest, the shards of the query words and the record chunks it shows', async () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      page(`Page ${i}`, `/docs/p${i}`, [['', `Topic word${i} alpha${i % 7} ${'with some filler text about a subject and more words here '.repeat(8)}`]]),
    );
    const { engine, fetched, files } = engineOf([...site, ...many]);
    await engine.search('kafka');
    expect(fetched[0]).toBe('manifest.json');
    expect(fetched.length).toBeLessThan(5);
    expect(files.length).toBeGreaterThan(20);
  });

  it("asks for the query words' shards in the same call once the manifest is in (prepare), and answers a repeated query once", async () => {
    const { engine, fetched } = engineOf(site);
    engine.prepare();
    expect(fetched).toEqual(['manifest.json']);
    // The manifest arrives (a resolved promise: a few turns of the microtask queue).
    for (let i = 0; i < 5; i++) await Promise.resolve();
    // The heads come with the manifest: the first results need no record chunk.
    expect(fetched[1]).toMatch(/^h-/);
    const first = engine.search('kafka');
    // No await yet: the dialog asks in its input handler, and the fetch must be on its way before React renders.
    expect(fetched.length).toBe(3);
    expect(fetched[2]).toMatch(/^t-/);
    expect(engine.search('kafka')).toBe(first);
    expect((await first)[0].url).toBe('/docs/kafka');
    expect(engine.search('kafka', { limit: 1 })).not.toBe(first);
  });

  it('answers early from the heads file, before any record chunk is in: the same pages and sections, excerpts null', async () => {
    const { manifest, files } = buildSearchIndex(site);
    expect(manifest.heads).toMatch(/^h-/);
    const byName = new Map(files.map((file) => [file.name, JSON.parse(file.contents) as unknown]));
    let release = () => {};
    const chunksHeld = new Promise<void>((resolve) => (release = resolve));
    const engine = createSearch(async (name) => {
      if (name.startsWith('r-')) await chunksHeld;
      return name === 'manifest.json' ? manifest : byName.get(name);
    });
    const { early, full } = engine.answer('nats request reply');
    let fullDone = false;
    full.then(() => (fullDone = true));
    const first = await early;
    expect(fullDone).toBe(false);
    expect(first?.map((result) => result.url)).toEqual(['/docs/nats', '/blog/release']);
    expect(first?.[0].sections.map((section) => [section.url, section.heading, section.excerpt])).toEqual([
      ['/docs/nats#request-and-reply', 'Request and reply', null],
    ]);
    // An intro that matched waits for its text; one that did not has no excerpt at all.
    expect(first?.[1].excerpt).toBeNull();
    release();
    const all = await full;
    expect(all.map((result) => [result.url, result.title, result.sections.map((section) => section.url)])).toEqual(
      first?.map((result) => [result.url, result.title, result.sections.map((section) => section.url)]),
    );
    expect(all[0].sections[0].excerpt?.filter((part) => part.mark).map((part) => part.text.toLowerCase())).toEqual(['request', 'reply']);
  });

  it('with afterEarly, asks for no record chunk before the early results are told and afterEarly has resolved', async () => {
    const { manifest, files } = buildSearchIndex(site);
    const byName = new Map(files.map((file) => [file.name, JSON.parse(file.contents) as unknown]));
    const asked: string[] = [];
    let painted = () => {};
    const afterEarlyCalls: string[][] = [];
    const engine = createSearch(
      async (name) => {
        asked.push(name);
        return name === 'manifest.json' ? manifest : byName.get(name);
      },
      {
        afterEarly: () => {
          afterEarlyCalls.push([...asked]);
          return new Promise<void>((resolve) => (painted = resolve));
        },
      },
    );
    const { early, full } = engine.answer('nats request reply');
    const first = await early;
    expect(first?.map((result) => result.url)).toEqual(['/docs/nats', '/blog/release']);
    // Let every pending promise settle: still no chunk while afterEarly has not resolved.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(afterEarlyCalls).toHaveLength(1);
    expect(asked.filter((name) => name.startsWith('r-'))).toEqual([]);
    painted();
    const all = await full;
    expect(asked.some((name) => name.startsWith('r-'))).toBe(true);
    expect(all[0].sections[0].excerpt?.some((part) => part.mark)).toBe(true);
    // A site without a heads file has no early answer: its chunks are asked for at once, afterEarly unused.
    const { manifest: large, files: largeFiles } = buildSearchIndex(site, undefined, 10);
    const largeByName = new Map(largeFiles.map((file) => [file.name, JSON.parse(file.contents) as unknown]));
    let used = false;
    const plain = createSearch(async (name) => (name === 'manifest.json' ? large : largeByName.get(name)), {
      afterEarly: async () => {
        used = true;
      },
    });
    expect((await plain.search('nats request reply'))[0].url).toBe('/docs/nats');
    expect(used).toBe(false);
  });

  it('a site whose heads are too large for one file keeps them in the chunks, and answers the same (no early answer)', async () => {
    const query = async (headsMax?: number) => {
      const { manifest, files } = buildSearchIndex(site, undefined, headsMax);
      const byName = new Map(files.map((file) => [file.name, JSON.parse(file.contents) as unknown]));
      const engine = createSearch(async (name) => (name === 'manifest.json' ? manifest : byName.get(name)));
      const { early, full } = engine.answer('kafka consumer');
      return { manifest, files, early: await early, full: await full };
    };
    const small = await query();
    const large = await query(10);
    expect(large.manifest.heads).toBeUndefined();
    expect(large.files.some((file) => file.name.startsWith('h-'))).toBe(false);
    expect(JSON.parse(large.files.find((file) => file.name.startsWith('r-'))!.contents).pages[0][0]).toBe('Kafka');
    expect(large.early).toBeUndefined();
    expect(small.early).toBeDefined();
    expect(large.full).toEqual(small.full);
    expect(large.full[0].sections[0].excerpt?.some((part) => part.mark)).toBe(true);
  });

  it('the heads file is written when its JSON fits the limit exactly, and not one character past it', () => {
    const { files } = buildSearchIndex(site);
    const heads = files.find((file) => file.name.startsWith('h-'))!;
    expect(JSON.parse(heads.contents).pages.map((head: [string]) => head[0])).toEqual(site.map((page) => page.title));
    const at = buildSearchIndex(site, undefined, heads.contents.length);
    expect(at.files.find((file) => file.name.startsWith('h-'))?.contents).toBe(heads.contents);
    expect(buildSearchIndex(site, undefined, heads.contents.length - 1).manifest.heads).toBeUndefined();
  });

  it("the manifest names the titles' and headings' characters outside ASCII, whole clusters, once each, and prepare() hands it over", async () => {
    const pages = [
      page('🚀 Quick start', '/docs/start', [
        ['', 'Text with emoji 🐔 and é is not a heading: left out.'],
        ['Café ☕ setup', 'Brewing.'],
      ]),
      // A flag, a family (joined by ZWJ) and a keycap are one cluster each; a repeat counts once.
      page('Flags 🇳🇴 and 👩‍👩‍👧 and 1️⃣', '/docs/flags', [['Again 🚀 and é', '']]),
      page('日本語 docs', '/docs/ja', [['', 'Plain.']]),
    ];
    const { manifest } = buildSearchIndex(pages);
    expect([...new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(manifest.glyphs!)].map((part) => part.segment)).toEqual([
      '🚀',
      'é',
      '☕',
      '🇳🇴',
      '👩‍👩‍👧',
      '1️⃣',
      '日',
      '本',
      '語',
    ]);
    // An ASCII-only site has none.
    expect(buildSearchIndex(site).manifest.glyphs).toBeUndefined();
    // At most GLYPHS_MAX clusters.
    const many = [page(Array.from({ length: GLYPHS_MAX + 50 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join(''), '/docs/many', [['', '']])];
    expect([...buildSearchIndex(many).manifest.glyphs!]).toHaveLength(GLYPHS_MAX);
    // A 200,000-character heading of one emoji builds (Intl.Segmenter, used before, is quadratic in
    // Node 20: minutes for this), and counts once.
    expect(buildSearchIndex([page('Long', '/docs/long', [['🐔'.repeat(100_000), 'Text.']])]).manifest.glyphs).toBe('🐔');
    const { engine } = engineOf(pages);
    expect((await engine.prepare())?.glyphs).toBe(manifest.glyphs);
    // A manifest that cannot be had: prepare() resolves undefined (the dialog warms nothing), a query fails.
    const broken = createSearch(async () => {
      throw new Error('offline');
    });
    expect(await broken.prepare()).toBeUndefined();
    await expect(broken.search('kafka')).rejects.toThrow('offline');
  });

  it('a record chunk failing while the heads are still loading fails the query, with no unhandled rejection', async () => {
    const { manifest, files } = buildSearchIndex(site);
    const byName = new Map(files.map((file) => [file.name, JSON.parse(file.contents) as unknown]));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const engine = createSearch(async (name) => {
        if (name.startsWith('r-')) throw new Error('chunk offline');
        // The heads come late: the chunk has failed by then.
        if (name.startsWith('h-')) await new Promise((resolve) => setTimeout(resolve, 30));
        return name === 'manifest.json' ? manifest : byName.get(name);
      });
      const { early, full } = engine.answer('kafka');
      await expect(full).rejects.toThrow('chunk offline');
      expect((await early)?.[0].url).toBe('/docs/kafka');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('an index file that fails to load fails the query, and the next query tries again', async () => {
    const { manifest, files } = buildSearchIndex(site);
    const byName = new Map(files.map((file) => [file.name, JSON.parse(file.contents) as unknown]));
    let fail = true;
    const engine = createSearch(async (name) => {
      if (name !== 'manifest.json' && fail) throw new Error('offline');
      return name === 'manifest.json' ? manifest : byName.get(name);
    });
    await expect(engine.search('kafka')).rejects.toThrow('offline');
    fail = false;
    expect((await engine.search('kafka'))[0].url).toBe('/docs/kafka');
  });
});

describe('excerptOf', () => {
  it('cuts around the first hit at word boundaries and marks every hit', () => {
    const text = `${'lorem '.repeat(40)}the kafka consumer reads kafka topics ${'ipsum '.repeat(40)}`;
    const parts = excerptOf(text, ['kafka'], 80);
    expect(parts[0].text).toBe('… ');
    expect(parts.filter((part) => part.mark).map((part) => part.text)).toEqual(['kafka', 'kafka']);
    expect(parts.at(-1)?.text).toBe(' …');
    expect(parts.map((part) => part.text).join('').length).toBeLessThan(100);
  });

  it('marks whole-word starts only and shows the start of the text without a hit', () => {
    expect(
      excerptOf('makafka kafkaesque', ['kafka'])
        .filter((part) => part.mark)
        .map((part) => part.text),
    ).toEqual(['kafka']);
    expect(excerptOf('short text', ['nothing'])).toEqual([{ text: 'short text', mark: false }]);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions, and stops past the limit', () => {
    expect(editDistance('typscript', 'typescript', 2)).toBe(1);
    expect(editDistance('kafka', 'kafke', 1)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
    // A swap of neighbouring letters is one edit.
    expect(editDistance('bundel', 'bundle', 1)).toBe(1);
  });
});
