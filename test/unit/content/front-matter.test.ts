/**
 * Front matter errors name the file line of the offending key or value: the
 * first key, a middle one, the last line, constructs left open on an earlier
 * line, CRLF line endings, a byte-order mark, and a missing closing fence.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isFolioError, type FolioError } from '../../../src/errors/index.js';
import { checkFields, parseFrontMatter } from '../../../src/content/front-matter.js';
import { readSource } from '../../../src/content/read-source.js';
import { removeDir } from '../../support/fixtures.js';

function failure(run: () => unknown): FolioError {
  try {
    run();
  } catch (error) {
    if (isFolioError(error)) return error;
    throw error;
  }
  throw new Error('expected a FolioError');
}

/** The 1-based line of `lines` that is exactly `bad`. */
const lineOfText = (lines: string[], bad: string) => lines.indexOf(bad) + 1;

describe('YAML syntax errors', () => {
  const cases: [string, string[], string][] = [
    ['first key', ['---', 'title: a: b', 'description: fine', '---', '# Doc'], 'title: a: b'],
    ['middle key', ['---', 'title: Fine', 'description: x: y', 'sidebar_position: 2', '---', '# Doc'], 'description: x: y'],
    ['last line', ['---', 'title: Fine', 'sidebar_position: 2', 'slug: p: q', '---', '# Doc'], 'slug: p: q'],
    ['bad indentation', ['---', 'title: Fine', '  description: x', 'slug: s', '---'], '  description: x'],
    ['duplicated key', ['---', 'title: One', 'slug: s', 'title: Two', '---'], 'title: Two'],
    ['flow list left open on the first key', ['---', 'keywords: [a, b', 'title: Fine', '---'], 'keywords: [a, b'],
    ['flow mapping left open in the middle', ['---', 'title: Fine', 'image: {url: x', 'slug: s', 'draft: false', '---'], 'image: {url: x'],
    ['quote left open on the last line', ['---', 'title: Fine', 'description: "never closed', '---', 'body'], 'description: "never closed'],
    ['a quote inside a plain value is no quote', ['---', "title: it's fine", 'slug: a: b', '---'], 'slug: a: b'],
  ];
  for (const [name, lines, bad] of cases) {
    it(name, () => {
      const source = `${lines.join('\n')}\n`;
      const error = failure(() => parseFrontMatter({ source, file: '/site/doc.md' }));
      expect(error.code).toBe('FRONT_MATTER_SYNTAX');
      expect(error.location?.line).toBe(lineOfText(lines, bad));
      expect(error.excerpt).toBe(bad);
      expect(error.location?.column).toBeGreaterThanOrEqual(1);
    });
  }

  it('CRLF line endings: the same line, an excerpt without the carriage return', () => {
    const lines = ['---', 'title: Fine', 'description: x: y', 'slug: s', '---', 'body'];
    const error = failure(() => parseFrontMatter({ source: `${lines.join('\r\n')}\r\n`, file: '/site/doc.md' }));
    expect(error.location?.line).toBe(3);
    expect(error.excerpt).toBe('description: x: y');
  });

  describe('read from disk', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-front-matter-'));
    afterAll(() => removeDir(dir));
    it('a byte-order mark (and CRLF) do not move the line', () => {
      const lines = ['---', 'title: Fine', 'slug: s', 'description: x: y', '---', 'body'];
      const file = path.join(dir, 'bom.md');
      writeFileSync(file, `\uFEFF${lines.join('\r\n')}\r\n`);
      const error = failure(() => readSource({ file, baseDir: dir }));
      expect(error.location).toMatchObject({ file, line: 4 });
      expect(error.excerpt).toBe('description: x: y');
    });
  });

  it('no closing fence: the error says so and points at the opening fence', () => {
    const lines = ['---', 'title: Intro', '', '# Intro', '', 'Some text: here', 'more'];
    const error = failure(() => parseFrontMatter({ source: `${lines.join('\n')}\n`, file: '/site/doc.md' }));
    expect(error.code).toBe('FRONT_MATTER_SYNTAX');
    expect(error.location?.line).toBe(1);
    expect(error.message).toMatch(/no closing --- line/);
    expect(error.hint).toMatch(/Add a line with ---/);
  });

  it('front matter that is valid still parses, with the body offset to the line after the fence', () => {
    for (const eol of ['\n', '\r\n']) {
      const parsed = parseFrontMatter({ source: ['---', 'title: Fine', 'tags: [a, "b, c"]', '---', '# Body'].join(eol), file: '/site/doc.md' });
      expect(parsed.data).toEqual({ title: 'Fine', tags: ['a', 'b, c'] });
      expect(parsed.bodyLineOffset).toBe(4);
      expect(parsed.body).toBe('# Body');
    }
    expect(parseFrontMatter({ source: '---\n---\n', file: '/site/doc.md' }).data).toEqual({});
  });
});

describe('field type errors', () => {
  it('name the line of the key, quoted or not', () => {
    const lines = ['---', 'title: Fine', '"sidebar_position": two', '---', ''];
    const source = lines.join('\n');
    const { data } = parseFrontMatter({ source, file: '/site/doc.md' });
    const error = failure(() => checkFields({ data, fields: { sidebar_position: 'number' }, file: '/site/doc.md', source }));
    expect(error.location?.line).toBe(3);
  });
});
