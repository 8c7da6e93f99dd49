/**
 * The plain front matter read without YAML (plain-front-matter.ts) must give exactly what
 * gray-matter and js-yaml give, whenever it answers: the same data (values, types, key order),
 * body and body line. Compared on every markdown file of this site, the fixtures and a generated
 * corpus, and on generated front matters built from values YAML reads in surprising ways.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import matter from 'gray-matter';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../src/content/front-matter.js';
import { plainFrontMatter } from '../../../src/content/plain-front-matter.js';
import { corpusSite, removeDir, repoRoot } from '../../support/fixtures.js';

/** What parseFrontMatter gave before the plain path: gray-matter alone. */
function reference(source: string) {
  const parsed = matter(source, {});
  const data = parsed.data as Record<string, unknown>;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error('not a mapping');
  for (const [key, value] of Object.entries(data)) if (value instanceof Date) data[key] = value.toISOString();
  return { data, body: parsed.content, bodyLineOffset: source.slice(0, source.length - parsed.content.length).split('\n').length - 1 };
}

/** Both ways, as text: JSON keeps key order and tells 1 from "1" and true from "true". */
function compare(source: string): boolean {
  let expected: ReturnType<typeof reference>;
  try {
    expected = reference(source);
  } catch {
    // js-yaml refuses it (or it is no mapping): so must the build, and the plain path must not have answered.
    expect(plainFrontMatter(source.slice(3, source.indexOf('\n---', 3))), source).toBeUndefined();
    expect(() => parseFrontMatter({ source, file: 'page.md' }), source).toThrow(/./);
    return false;
  }
  const fast = parseFrontMatter({ source, file: 'page.md' });
  expect(JSON.stringify(fast), source).toBe(JSON.stringify(expected));
  return plainFrontMatter(source.slice(3, source.indexOf('\n---', 3))) !== undefined;
}

describe('plain front matter', () => {
  let corpus: string | undefined;
  afterAll(() => corpus && removeDir(corpus));

  it('reads every front matter of this site, the fixtures and a corpus as gray-matter does, most of them without it', () => {
    corpus = corpusSite(300);
    const files = [
      ...fg.sync(['content/**/*.{md,mdx}', 'test/fixtures/**/*.{md,mdx}'], { cwd: repoRoot, absolute: true, ignore: ['**/node_modules/**', '**/out/**'] }),
      ...fg.sync('**/*.md', { cwd: corpus, absolute: true }),
    ];
    let withFrontMatter = 0;
    let plain = 0;
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      if (!/^---\r?\n/.test(source) || source.indexOf('\n---', 3) < 0) continue;
      withFrontMatter++;
      try {
        if (compare(source)) plain++;
      } catch (error) {
        throw new Error(`${path.relative(repoRoot, file)}: ${(error as Error).message}`);
      }
    }
    expect(withFrontMatter).toBeGreaterThan(350);
    // The corpus's pages and most docs take the plain path.
    expect(plain / withFrontMatter).toBeGreaterThan(0.7);
  });

  // Values YAML reads as something other than the text, or refuses: each must be read as js-yaml
  // reads it (most by gray-matter itself, after the plain path declined).
  const values = [
    'plain words',
    'Words, with commas. And (brackets)!',
    'yes',
    'no',
    'on',
    'off',
    'y',
    'true',
    'True',
    'TRUE',
    'tRue',
    'false',
    'null',
    'Null',
    '~',
    '0',
    '-0',
    '7',
    '-12',
    '+5',
    '007',
    '08',
    '0009',
    '-012',
    '0x1F',
    '0o17',
    '1_000',
    '1.5',
    '1e3',
    '.inf',
    '.NaN',
    'NaN',
    'Infinity',
    '12345678901234567890',
    '2024-05-01',
    '2024-05-01T10:00:00Z',
    '12:30',
    'a: b',
    'a:b',
    'a #b',
    'a#b',
    'trailing   ',
    '"quoted"',
    '"quoted"  ',
    '"with \\" escape"',
    '"tab\\there"',
    '"a # b"',
    '"a: b"',
    "'single'",
    "'it''s'",
    "'unclosed",
    '"unclosed',
    '"x" # comment',
    '[a, b]',
    '[a,b]',
    '[ a , b ]',
    '[]',
    '[ ]',
    '[a, ]',
    '[,]',
    '[a, [b]]',
    '[a b, c d]',
    '[1, 2, true, null]',
    '[a: b]',
    '["q", r]',
    '[a, b] # c',
    '{a: 1}',
    '- item',
    '&anchor x',
    '*alias',
    '!!str 5',
    '|',
    '>',
    '? x',
    '@at',
    '%pct',
    '`tick',
    'Über',
    'Café au lait',
    'émoji 🎉',
    'a\tb',
    'line\u2028sep',
    'bom\ufeff',
    'nel\u0085x',
    '',
  ];

  it('reads generated front matters as gray-matter does: values YAML reads in surprising ways', () => {
    let answered = 0;
    let cases = 0;
    for (const value of values) {
      for (const key of ['title', 'sidebar_position', 'x-y', '_k', 'true', '__proto__']) {
        cases++;
        if (compare(`---\n${key}: ${value}\n---\n\nBody.\n`)) answered++;
        compare(`---\ndescription: first\n${key}: ${value}\ntags: [a, b]\n---\nBody.\n`);
      }
    }
    // Shapes around the values: comments, blank lines, indentation, repeated keys, CRLF, an empty block.
    const shapes = [
      '---\n# a comment\ntitle: T\n\n   \nid: x\n---\nBody',
      '---\ntitle: T\n  nested: 1\n---\nBody',
      '---\nlist:\n  - a\n  - b\n---\nBody',
      '---\ntitle: T\ntitle: U\n---\nBody',
      '---\r\ntitle: T\r\n---\r\nBody\r\n',
      '---\ntitle: T\r\n---\nBody',
      '---\n# only a comment\n---\nBody',
      '---\n\n---\nBody',
      '---\ntitle: T\n----\nBody',
      '---\ntitle: T\n---trailing\nBody',
      '---\ntitle: T\n---',
      '---\ntitle: T\n---\r\n\nBody',
      '---\ntitle : T\n---\nBody',
      '---\n"title": T\n---\nBody',
      '---\ntitle:T\n---\nBody',
      '---\ntitle:   spaced   \n---\nBody',
      '---\n title: T\n---\nBody',
      '---\ntitle: T\n...\n---\nBody',
      '---\ntitle: a\n  continued\n---\nBody',
    ];
    for (const shape of shapes) compare(shape);
    // The plain path answers the everyday values, and only them.
    expect(answered).toBeGreaterThan(100);
    expect(answered).toBeLessThan(cases);
  });

  it('reads random front matters built from those values as gray-matter does', () => {
    let seed = 17;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const keys = ['title', 'description', 'tags', 'slug', 'id', 'sidebar_position', 'draft', 'hide_title'];
    for (let round = 0; round < 1500; round++) {
      const lines: string[] = [];
      const count = 1 + next(5);
      for (let i = 0; i < count; i++) {
        const roll = next(10);
        if (roll === 0) lines.push('# note');
        else if (roll === 1) lines.push('');
        else lines.push(`${keys[next(keys.length)]}: ${values[next(values.length)]}`);
      }
      compare(`---\n${lines.join('\n')}\n---\n${next(2) ? '\n' : ''}Body ${round}.\n`);
    }
  });
});
