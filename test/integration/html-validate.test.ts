/**
 * Every page of this site is valid HTML by html-validate's recommended rules
 * (the committed `.htmlvalidate.mjs` turns off only the style rules that
 * object to how React writes valid HTML, each with its reason).
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, removeDir, repoRoot } from '../support/fixtures.js';

let temp: string;
let outDir: string;

beforeAll(async () => {
  temp = mkdtempSync(path.join(os.tmpdir(), 'folio-html-validate-'));
  outDir = path.join(temp, 'out');
  const result = await buildSite(repoRoot, { outDir, quiet: true });
  if (!result.ok) throw new Error(`the site did not build: ${String(result.error)}\n${result.stderr}`);
}, 120_000);
afterAll(() => removeDir(temp));

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join(dir, file))
    .sort();
}

describe('html-validate over the built site', () => {
  it('every page passes with 0 errors', async () => {
    const { default: config } = await import(pathToFileURL(path.join(repoRoot, '.htmlvalidate.mjs')).href);
    const validator = new HtmlValidate(config);
    const files = htmlFiles(outDir);
    // Every page of the site, the not-found page included.
    expect(files.length).toBeGreaterThanOrEqual(106);
    const problems: string[] = [];
    for (const file of files) {
      const report = await validator.validateFile(file);
      for (const result of report.results)
        for (const message of result.messages)
          problems.push(`${path.relative(outDir, file)}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('the config is the recommended preset with only named exceptions', async () => {
    const { default: config } = await import(pathToFileURL(path.join(repoRoot, '.htmlvalidate.mjs')).href);
    expect(config.extends).toEqual(['html-validate:recommended']);
    // A validator with this config still catches what matters: duplicate landmarks, a missing alt, a duplicate id.
    const validator = new HtmlValidate(config);
    const report = await validator.validateString(
      '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><nav aria-label="Menu"></nav><nav aria-label="Menu"></nav><img src="a.png"><p id="x"></p><p id="x"></p></body></html>',
    );
    const rules = new Set(report.results.flatMap((result) => result.messages.map((message) => message.ruleId)));
    expect([...rules].sort()).toEqual(expect.arrayContaining(['no-dup-id', 'unique-landmark', 'wcag/h37']));
  });
});
