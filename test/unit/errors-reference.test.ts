/**
 * Every code of the catalogue is documented in ERRORS.md, which is generated
 * from it: the file must be what the generator writes now, and every code
 * folio's sources use must be in the catalogue.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { expect, it } from 'vitest';
import { catalogue } from '../../src/errors/catalogue.js';
import { repoRoot } from '../support/fixtures.js';

const reference = readFileSync(path.join(repoRoot, 'ERRORS.md'), 'utf8');

it('ERRORS.md is what scripts/error-reference.mjs writes from the catalogue', () => {
  const check = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/error-reference.mjs'), '--check'], { encoding: 'utf8' });
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
});

it('documents every code with its title and hint, under its severity', () => {
  const warningsAt = reference.indexOf('\n## Warnings');
  expect(warningsAt).toBeGreaterThan(0);
  for (const [code, entry] of Object.entries(catalogue)) {
    const at = reference.indexOf(`### \`${code}\``);
    expect(at, code).toBeGreaterThan(0);
    expect(at > warningsAt, `${code} is listed as a ${entry.severity}`).toBe(entry.severity === 'warning');
    expect(reference.slice(at)).toContain(`**${entry.title}.** ${entry.hint}`);
  }
});

it('every code the sources use is in the catalogue', () => {
  const used = new Set<string>();
  for (const file of fg.sync(['src/**/*.ts', 'src/**/*.tsx'], { cwd: repoRoot, absolute: true })) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bcode: '([A-Z][A-Z0-9_]+)'/g)) used.add(match[1]);
  }
  expect(used.size).toBeGreaterThan(20);
  expect([...used].filter((code) => !(code in catalogue))).toEqual([]);
});
