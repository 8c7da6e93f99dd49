/**
 * The declarations folio publishes (`npm run build:types` → dist-types/, package.json
 * "types"): a site author's config and page type-check against them, and mistakes
 * a site author makes are type errors, not silence.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, repoRoot } from '../support/fixtures.js';

const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
let consumer: string;

let output = '';
let status: number | null = null;

const good = `import { defineConfig, FolioError, type PageMeta, type Warning, type Severity, type SiteConfig } from 'folio';
export const meta: PageMeta = { title: 'Contact', description: 'How to reach us' };
const severity: Severity = 'throw';
export function describe(warning: Warning): string { return warning.code + ' ' + (warning.location?.file ?? ''); }
export function isFolio(error: unknown): boolean { return error instanceof FolioError && error.code === 'CONFIG_INVALID'; }
export type Resolved = SiteConfig['docs'];
export default defineConfig({
  title: 'A site',
  url: 'https://example.org',
  docs: { autoCollapseCategories: true, hideableSidebar: true },
  onBrokenLinks: severity,
  customFields: { team: 'docs' },
});
`;
const mistakes: Record<string, string> = {
  'misspelt-key.ts': `import { defineConfig } from 'folio';\nexport default defineConfig({ title: 'A site', url: 'https://example.org', titel: 'typo' });\n`,
  'unknown-severity.ts': `import { defineConfig } from 'folio';\nexport default defineConfig({ title: 'A site', url: 'https://example.org', onBrokenLinks: 'fail' });\n`,
  'wrong-meta.ts': `import type { PageMeta } from 'folio';\nexport const meta: PageMeta = { title: 42 };\n`,
};

/** The type errors reported for one file of the consumer project. */
const errorsOf = (file: string) => output.split('\n').filter((line) => line.startsWith(file));

describe('published types', () => {
  beforeAll(() => {
    const built = spawnSync(process.execPath, [tsc, '-p', path.join(repoRoot, 'tsconfig.types.json')], { encoding: 'utf8', timeout: 180_000 });
    expect(built.status, built.stdout + built.stderr).toBe(0);
    consumer = mkdtempSync(path.join(os.tmpdir(), 'folio-types-'));
    mkdirSync(path.join(consumer, 'pages'));
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { types: string; exports: { '.': { types: string } } };
    const declarations = path.join(repoRoot, pkg.exports['.'].types);
    expect(pkg.types).toBe(pkg.exports['.'].types);
    expect(existsSync(declarations)).toBe(true);
    writeFileSync(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'ESNext',
          moduleResolution: 'Bundler',
          target: 'ES2022',
          jsx: 'react-jsx',
          // As sites set it: third-party declarations are not this test's business.
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [path.join(repoRoot, 'node_modules/@types')],
          baseUrl: '.',
          // As a site with folio installed resolves it: the package's declarations, not its sources.
          paths: { folio: [declarations], '*': [path.join(repoRoot, 'node_modules/*'), path.join(repoRoot, 'node_modules/@types/*')] },
        },
        files: ['site.config.ts', ...Object.keys(mistakes)],
      }),
    );
    writeFileSync(path.join(consumer, 'site.config.ts'), good);
    for (const [file, source] of Object.entries(mistakes)) writeFileSync(path.join(consumer, file), source);
    // One type-check of the whole consumer project (each run takes seconds).
    const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: consumer, encoding: 'utf8', timeout: 120_000 });
    output = `${result.stdout}${result.stderr}`;
    status = result.status;
  }, 240_000);
  afterAll(() => consumer && removeDir(consumer));

  it("do not point at folio's sources", () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { types: string };
    expect(pkg.types).toMatch(/\.d\.ts$/);
    expect(readFileSync(path.join(repoRoot, pkg.types), 'utf8')).toContain('export { defineConfig }');
  });

  it('a correct config, page meta, warning and error type-check', () => {
    expect(errorsOf('site.config.ts')).toEqual([]);
    // The mistakes below are the only errors.
    expect(status).not.toBe(0);
    expect(output.split('\n').filter((line) => /error TS/.test(line) && !Object.keys(mistakes).some((file) => line.startsWith(file)))).toEqual([]);
  });

  it('a misspelt config key is a type error naming it', () => {
    expect(errorsOf('misspelt-key.ts').join('\n')).toContain("'titel'");
  });

  it('a severity folio does not know is a type error', () => {
    expect(errorsOf('unknown-severity.ts').join('\n')).toContain('"fail"');
  });

  it('a page meta of the wrong type is a type error', () => {
    expect(errorsOf('wrong-meta.ts').join('\n')).toMatch(/number.*string/);
  });
});
