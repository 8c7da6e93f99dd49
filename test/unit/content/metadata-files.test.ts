/**
 * _category_.json / _category_.yml, authors.yml and tags.yml: syntax errors
 * name the file line to fix (not one or two below), field errors name the
 * line of their key, empty files set nothing, and a doc link remembers the
 * line that names the doc.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAuthors, readTags } from '../../../src/content/blog.js';
import { readCategory } from '../../../src/content/docs.js';
import { isFolioError, type FolioError } from '../../../src/errors/index.js';
import { removeDir } from '../../support/fixtures.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-metadata-'));
afterAll(() => removeDir(dir));
let count = 0;

/** Writes `lines` to a new file named `name` (in a folder of its own) and returns its path. */
function file(name: string, lines: string[]): string {
  const folder = path.join(dir, String(count++));
  const target = path.join(folder, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(target, lines.join('\n'));
  return target;
}

function failure(run: () => unknown): FolioError {
  try {
    run();
  } catch (error) {
    if (isFolioError(error)) return error;
    throw error;
  }
  throw new Error('expected a FolioError');
}

describe('_category_ files', () => {
  const yamlCases: [string, string[], string][] = [
    ['first line', ['label: a: b', 'position: 2'], 'label: a: b'],
    ['flow list left open', ['label: Guides', 'position: [2', 'collapsed: true'], 'position: [2'],
    ['quote left open on the last line', ['position: 2', 'label: "Guides'], 'label: "Guides'],
  ];
  for (const [name, lines, bad] of yamlCases) {
    it(`_category_.yml, ${name}`, () => {
      const error = failure(() => readCategory({ file: file('_category_.yml', lines), docsDir: dir }));
      expect(error.code).toBe('CATEGORY_INVALID');
      expect(error.location?.line).toBe(lines.indexOf(bad) + 1);
      expect(error.excerpt).toBe(bad);
    });
  }

  const jsonCases: [string, string[], string][] = [
    ['a value missing', ['{', '  "label": "Guides",', '  "position": ,', '  "collapsed": true', '}'], '  "position": ,'],
    ['a comma missing', ['{', '  "label": "Guides"', '  "position": 2', '}'], '  "position": 2'],
    ['a trailing comma', ['{', '  "label": "Guides",', '  "position": 2,', '}'], '}'],
  ];
  for (const [name, lines, bad] of jsonCases) {
    it(`_category_.json, ${name}`, () => {
      const error = failure(() => readCategory({ file: file('_category_.json', lines), docsDir: dir }));
      expect(error.code).toBe('CATEGORY_INVALID');
      expect(error.location?.line).toBe(lines.indexOf(bad) + 1);
      expect(error.message).not.toMatch(/is not valid JSON/);
    });
  }

  it('a field of the wrong type names the line of its key', () => {
    const lines = ['{', '  "label": "Guides",', '  "collapsed": "yes"', '}'];
    const error = failure(() => readCategory({ file: file('_category_.json', lines), docsDir: dir }));
    expect(error.message).toMatch(/"collapsed" must be true or false/);
    expect(error.location?.line).toBe(3);
  });

  it('empty files (or only comments) set nothing', () => {
    expect(readCategory({ file: file('_category_.json', ['']), docsDir: dir }).label).toBeUndefined();
    expect(readCategory({ file: file('_category_.yml', ['# nothing yet', '']), docsDir: dir }).label).toBeUndefined();
  });

  it('a byte-order mark before JSON is not an error', () => {
    expect(readCategory({ file: file('_category_.json', ['\uFEFF{ "label": "Guides" }']), docsDir: dir }).label).toBe('Guides');
  });

  it('a doc link remembers the line naming the doc', () => {
    expect(readCategory({ file: file('_category_.yml', ['label: Guides', 'link:', '  type: doc', '  id: setup']), docsDir: dir }).linkLine).toBe(4);
    expect(readCategory({ file: file('_category_.json', ['{', '  "link": { "type": "doc", "id": "setup" }', '}']), docsDir: dir }).linkLine).toBe(2);
  });
});

describe('authors.yml and tags.yml', () => {
  it('a syntax error names the line that opened the bad value', () => {
    const lines = ['ada:', '  name: Ada', 'bob:', '  name: "Bob', '  title: Writer'];
    const error = failure(() => readAuthors(file('authors.yml', lines)));
    expect(error.code).toBe('BLOG_DATA_INVALID');
    expect(error.location?.line).toBe(4);
  });

  it('an author without a name names the line of its key', () => {
    const lines = ['ada:', '  name: Ada', 'bob:', '  title: Writer'];
    const error = failure(() => readAuthors(file('authors.yml', lines)));
    expect(error.message).toMatch(/author "bob" needs a name/);
    expect(error.location?.line).toBe(3);
  });

  it('an entry that is not a mapping names its line', () => {
    const lines = ['news:', '  label: News', 'release: just a string'];
    const error = failure(() => readTags(file('tags.yml', lines), '/blog'));
    expect(error.location?.line).toBe(3);
    expect(error.excerpt).toBe('release: just a string');
  });
});
