/**
 * The layers: src/core imports no stage (only Node, packages, src/errors and types of
 * the config), and browser code (src/shared, src/client, templates) imports no Node
 * module. Biome enforces the second too (biome.json); this test reads every import.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { expect, it } from 'vitest';
import { repoRoot } from '../support/fixtures.js';

const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function importsOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => ({ specifier: match[3] ?? match[4], typeOnly: Boolean(match[2]) }));
}

it('src/core imports no stage', () => {
  const offenders: string[] = [];
  for (const file of fg.sync('src/core/**/*.ts', { cwd: repoRoot, absolute: true })) {
    for (const { specifier, typeOnly } of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.relative(path.join(repoRoot, 'src'), path.resolve(path.dirname(file), specifier));
      const layer = target.split(path.sep)[0];
      if (layer === 'core' || layer === 'errors' || (typeOnly && layer === 'config')) continue;
      offenders.push(`${path.relative(repoRoot, file)} imports ${specifier}`);
    }
  }
  expect(offenders).toEqual([]);
});

it('browser code imports no Node module', () => {
  const offenders: string[] = [];
  for (const file of fg.sync(['src/shared/**/*.ts', 'src/client/**/*.{ts,tsx}', 'templates/**/*.{ts,tsx}'], { cwd: repoRoot, absolute: true })) {
    for (const { specifier } of importsOf(file)) {
      if (specifier.startsWith('node:') || ['fs', 'path', 'os', 'child_process', 'crypto', 'url', 'worker_threads'].includes(specifier)) {
        offenders.push(`${path.relative(repoRoot, file)} imports ${specifier}`);
      }
    }
  }
  expect(offenders).toEqual([]);
});
