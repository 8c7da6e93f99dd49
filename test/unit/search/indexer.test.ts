/**
 * The indexer's tokenising (termsOfPage): its memo of words and per-term counts must count exactly
 * what the shared tokeniser (tokenize.ts, also used by queries) finds, whatever the text.
 */
import { describe, expect, it } from 'vitest';
import { BONUS_SPAN, sectionTermsOf, termsFromSections, termsOfPage } from '../../../src/emitters/search/indexer.js';
import type { PageRecords } from '../../../src/emitters/search/records.js';
import { eachToken } from '../../../src/shared/search/tokenize.js';

/** The terms of one section as tokenize.ts counts them: term → [body count × 2, bonus × 4]. */
function expected(text: string, heading: string, title: string | undefined): Map<string, [number, number]> {
  const tf = new Map<string, number>();
  let length = 0;
  eachToken(text, (term, part) => {
    tf.set(term, (tf.get(term) ?? 0) + (part ? 0.5 : 1));
    if (!part) length++;
  });
  const bonus = new Map<string, number>();
  const add = (words: string, weight: number) => eachToken(words, (term, part) => bonus.set(term, Math.max(bonus.get(term) ?? 0, part ? weight / 2 : weight)));
  add(heading, 1.5);
  if (title !== undefined) add(title, 4);
  const all = new Map<string, [number, number]>();
  for (const term of new Set([...tf.keys(), ...bonus.keys()])) all.set(term, [Math.round((tf.get(term) ?? 0) * 2), Math.round((bonus.get(term) ?? 0) * 4)]);
  all.set('', [length, 0]);
  return all;
}

function actual(page: PageRecords): Map<string, [number, number]>[] {
  return sectionTermsOf(termsOfPage(page)).map(([length, terms, weights]) => {
    // One weight per term: body count × 2 × BONUS_SPAN + bonus × 4.
    const found = new Map<string, [number, number]>(terms.map((term, i) => [term, [Math.floor(weights[i] / BONUS_SPAN), weights[i] % BONUS_SPAN]]));
    found.set('', [length, 0]);
    return found;
  });
}

const texts = [
  'Call loadConfigFile with a path, or let it find codegen.config.js next to package.json.',
  'snake_case and kebab-case words, a trailing dash- and _underscore_, v0.2.1 and 1.5x. Dots... end.',
  'HTTPServer parses XMLHttpRequest; the payloads, entries and messages of a queue: queues!',
  'a-',
  '-a',
  '_',
  'x.y.',
  'a--b a__b a..b A-B-C',
  '',
  // Not ASCII: the Unicode path of the same tokeniser.
  'Café au lait — naïve façade, Über-Größe, 東京 und Straße; ﬁle ligature, “quoted” words.',
  'résumé_parser and ÉCOLE-normale, 42km, 3D²',
];

describe('termsOfPage', () => {
  it('counts the terms tokenize.ts finds, in body and heading/title bonus, on tricky text', () => {
    const page: PageRecords = {
      title: 'The loadConfigFile API: Über queues',
      url: '/docs/x',
      label: 'Docs',
      sections: texts.map((text, i) => ({ heading: i % 2 ? `Heading ${texts[(i + 1) % texts.length].slice(0, 30)}` : '', anchor: `s${i}`, text })),
    };
    // Twice: the second time every word comes from the memo.
    for (let run = 0; run < 2; run++) {
      const sections = actual(page);
      expect(sections).toHaveLength(texts.length);
      page.sections.forEach((section, i) => {
        expect(sections[i]).toEqual(expected(section.text, section.heading, i === 0 ? page.title : undefined));
      });
    }
  });

  it('keeps thousands of different words apart', () => {
    // Letters only (one token each): 3000 different words.
    const letters = (n: number): string => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
    const words = Array.from({ length: 3000 }, (_, i) => `w${letters(i)}x`);
    const page: PageRecords = { title: '', url: '/docs/y', label: 'Docs', sections: [{ heading: '', anchor: '', text: words.join(' ') }] };
    const [[length, terms, weights]] = sectionTermsOf(termsOfPage(page));
    expect(length).toBe(3000);
    expect(new Set(terms)).toEqual(new Set(words));
    expect(weights.every((weight) => weight === 2 * BONUS_SPAN)).toBe(true);
  });

  it('counts the same once the process has tokenised a large site (words scanned and looked up in a table, not matched and hashed)', () => {
    // Past 2,000,000 characters the ASCII text of a section is scanned by hand: the same words as ASCII_WORD must come out.
    const filler = Array.from({ length: 120_000 }, (_, i) => `word${i % 5000} alpha-beta_gamma.delta`).join(' ');
    const big: PageRecords = { title: 'Filler', url: '/docs/big', label: 'Docs', sections: [{ heading: '', anchor: '', text: filler }] };
    expect(actual(big)[0]).toEqual(expected(filler, '', 'Filler'));
    // Random text over letters, digits, the joiners and spaces: every way a joiner can start, end or repeat.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = 'abAB09xyz_.-- \n,;:!';
    const noise = Array.from({ length: 40 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 200) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''),
    );
    const page: PageRecords = {
      title: 'The loadConfigFile API: Über queues',
      url: '/docs/x',
      label: 'Docs',
      sections: [...texts, ...noise].map((text, i) => ({ heading: i % 3 ? `Heading ${noise[i % noise.length].slice(0, 20)}` : '', anchor: `s${i}`, text })),
    };
    for (let run = 0; run < 2; run++) {
      const sections = actual(page);
      page.sections.forEach((section, i) => {
        expect(sections[i]).toEqual(expected(section.text, section.heading, i === 0 ? page.title : undefined));
      });
    }
  });
});

describe('termsOfPage past the scanning threshold, with words written to collide', () => {
  it('counts words that share their hash in the table correctly (past MAX_PROBES they go to the Map)', () => {
    // Past 2,000,000 characters (the filler), then 80 different words whose FNV-1a hashes share
    // their low 19 bits: the same first slot at any table size this index reaches.
    const filler = 'lorem ipsum dolor '.repeat(120_000);
    termsOfPage({ title: '', url: '/docs/fill', label: 'Docs', sections: [{ heading: '', anchor: '', text: filler }] });
    // FNV-1a as the indexer hashes (tokensAt); 19 bits: the table never has more than 2^19 slots.
    const step = (hash: number, code: number) => Math.imul(hash ^ code, 0x01000193);
    const low = (hash: number) => hash & 0x7ffff;
    const target = low([...'collide'].reduce((hash, char) => step(hash, char.charCodeAt(0)), 0x811c9dc5 | 0));
    const colliding = ['collide'];
    // Six-letter words after a `q`, hashed a letter at a time (the prefix's state is reused).
    const search = (word: string, hash: number, depth: number) => {
      for (let c = 97; c < 123 && colliding.length < 80; c++) {
        const next = step(hash, c);
        if (depth === 1) {
          if (low(next) === target) colliding.push(word + String.fromCharCode(c));
        } else search(word + String.fromCharCode(c), next, depth - 1);
      }
    };
    search('q', step(0x811c9dc5 | 0, 113), 6);
    expect(colliding.length).toBe(80);
    const text = [...colliding, ...colliding.slice(0, 45)].join(' ');
    const page: PageRecords = { title: 'Collisions', url: '/docs/c', label: 'Docs', sections: [{ heading: '', anchor: '', text }] };
    for (let run = 0; run < 2; run++) expect(actual(page)[0]).toEqual(expected(text, '', 'Collisions'));
  });
});

describe('buildSearchIndex', () => {
  it('writes the same files from terms just tokenised (their dictionary ids) as from the same terms read back from the cache (by name)', async () => {
    const { buildSearchIndex } = await import('../../../src/emitters/search/indexer.js');
    const pages: PageRecords[] = texts.map((text, i) => ({
      title: `Page ${i} loadConfigFile`,
      url: `/docs/p${i}`,
      label: 'Docs',
      sections: [
        { heading: '', anchor: '', text },
        { heading: `Part ${i} payloads`, anchor: `part-${i}`, text: texts[(i + 1) % texts.length] },
      ],
    }));
    const fresh = pages.map(termsOfPage);
    const fromCache = fresh.map((terms) => termsFromSections(JSON.parse(JSON.stringify(sectionTermsOf(terms)))));
    expect(buildSearchIndex(pages, fromCache)).toEqual(buildSearchIndex(pages, fresh));
    // And both as the builder tokenising by itself.
    expect(buildSearchIndex(pages, fresh)).toEqual(buildSearchIndex(pages));
  });
});
