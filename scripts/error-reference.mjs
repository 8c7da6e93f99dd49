#!/usr/bin/env node
// Writes ERRORS.md, the reference of every error and warning code folio prints, from the
// catalogue (src/errors/catalogue.ts, through dist/). `--check` only compares and exits 1
// when the file is out of step (a test runs it).
//   node scripts/error-reference.mjs [--check]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'ERRORS.md');

export async function errorReference() {
  const { catalogue } = await import(pathToFileURL(path.join(root, 'dist/index.mjs')).href);
  const entries = Object.entries(catalogue);
  const section = (severity, heading, intro) => {
    const rows = entries.filter(([, entry]) => entry.severity === severity);
    return [`## ${heading}`, '', intro, '', ...rows.flatMap(([code, entry]) => [`### \`${code}\``, '', `**${entry.title}.** ${entry.hint}`, ''])];
  };
  return [
    '# Errors and warnings',
    '',
    'Every code folio prints, with what it means and what to do. This file is generated from',
    '`src/errors/catalogue.ts` by `node scripts/error-reference.mjs`; a test fails when the two differ.',
    'Errors stop the build (exit code 1) and name the file and line; warnings are printed with their',
    'place and the build goes on (`--strict` fails on them; the `onBroken*` and `onDuplicateRoutes`',
    'options set what the link and route warnings do).',
    '',
    ...section('error', 'Errors', 'The build stops; the previous output stays as it was.'),
    ...section('warning', 'Warnings', 'Printed once each with the file and line; the hint is printed under the first of each code.'),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await errorReference();
  if (process.argv.includes('--check')) {
    const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
    if (current !== text) {
      console.error('ERRORS.md is out of step with src/errors/catalogue.ts: run node scripts/error-reference.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync(target, text);
    console.log(`wrote ${path.relative(process.cwd(), target)}`);
  }
}
