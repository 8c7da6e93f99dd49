/**
 * readText: bytes that are not UTF-8 are reported once, with the line and
 * column of the first one; valid UTF-8 (with or without a byte-order mark)
 * is read silently; a file that cannot be read is a catalogue error naming it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Warning } from '../../../src/core/warnings.js';
import { firstInvalidByte, readText } from '../../../src/content/read-text.js';
import { isFolioError } from '../../../src/errors/index.js';
import { removeDir } from '../../support/fixtures.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-read-text-'));
afterAll(() => removeDir(dir));

function read(name: string, bytes: Buffer): { text: string; warnings: Warning[] } {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const warnings: Warning[] = [];
  return { text: readText(file, { warn: (warning) => warnings.push(warning) }), warnings };
}

describe('readText', () => {
  it('Latin-1 text: one warning at the first bad byte, the text still read', () => {
    const { text, warnings } = read('latin1.md', Buffer.from('# Caf\u00e9s\n\nd\u00e9j\u00e0 vu\n', 'latin1'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'CONTENT_NOT_UTF8', location: { file: path.join(dir, 'latin1.md'), line: 1, column: 6 } });
    expect(warnings[0].message).toMatch(/^byte 0xE9 is not UTF-8; .*save it as UTF-8/);
    expect(text).toBe('# Caf\uFFFDs\n\nd\uFFFDj\uFFFD vu\n');
  });

  it('columns count characters: valid multi-byte text before the bad byte on its line', () => {
    const bytes = Buffer.concat([Buffer.from('first line\n\u00e9t\u00e9 \u{1F600} '), Buffer.from([0xff]), Buffer.from(' end\n')]);
    const { warnings } = read('mixed.md', bytes);
    expect(warnings[0].location).toMatchObject({ line: 2, column: 7 });
    expect(warnings[0].message).toMatch(/byte 0xFF/);
  });

  it('a bad first byte is line 1, column 1 (even with newlines later in the file)', () => {
    const { warnings } = read('first.md', Buffer.concat([Buffer.from([0xe9]), Buffer.from('t\u00e9\nmore\n')]));
    expect(warnings[0].location).toMatchObject({ line: 1, column: 1 });
  });

  it('valid UTF-8, with a byte-order mark: no warning, the mark dropped', () => {
    const { text, warnings } = read('utf8.md', Buffer.from('\uFEFF# Caf\u00e9 \u{1F600}\n'));
    expect(warnings).toEqual([]);
    expect(text).toBe('# Caf\u00e9 \u{1F600}\n');
  });

  it('a folder with a file name: a catalogue error naming it', () => {
    const folder = path.join(dir, 'folder.md');
    mkdirSync(folder);
    let caught: unknown;
    try {
      readText(folder);
    } catch (error) {
      caught = error;
    }
    expect(isFolioError(caught)).toBe(true);
    expect(caught).toMatchObject({ code: 'FS_NOT_A_FOLDER', location: { file: folder } });
  });
});

describe('firstInvalidByte', () => {
  const cases: [string, number[], number][] = [
    ['ASCII', [0x61, 0x62], -1],
    ['two-byte sequence', [0x61, 0xc3, 0xa9], -1],
    ['lone continuation byte', [0x61, 0x80], 1],
    ['overlong two-byte form', [0xc0, 0xaf], 0],
    ['overlong three-byte form', [0xe0, 0x80, 0xaf], 0],
    ['UTF-16 surrogate', [0x61, 0xed, 0xa0, 0x80], 1],
    ['truncated at the end', [0x61, 0xe2, 0x82], 1],
    ['beyond U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['four-byte sequence', [0xf0, 0x9f, 0x98, 0x80], -1],
  ];
  for (const [name, bytes, expected] of cases) {
    it(name, () => {
      expect(firstInvalidByte(Uint8Array.from(bytes))).toBe(expected);
      // Agrees with Node's own check on whether the bytes are UTF-8 at all.
      expect(expected === -1).toBe(
        Buffer.from(bytes).toString('utf8') === new TextDecoder('utf-8', { fatal: false }).decode(Uint8Array.from(bytes)) &&
          !Buffer.from(bytes).toString('utf8').includes('\uFFFD'),
      );
    });
  }
});
