/** `serve` rebuilds when a site's theme file or customCss stylesheet changes (they are theme inputs). */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStyleOnly, planChanges } from '../../../src/build/incremental/changes.js';
import type { SiteConfig } from '../../../src/config/schema.js';
import { sitePaths, siteThemeFiles } from '../../../src/core/site-paths.js';

const config = { pages: { path: 'content/pages' }, staticDir: 'content/static', customCss: ['./src/css/custom.css'] } as unknown as SiteConfig;
const watched = sitePaths({ root: '/site', outDir: '/site/out', config });

describe("the site's theme files", () => {
  it('are watched: theme/ and src/theme/ rebuild both bundles, a customCss file the client only', () => {
    for (const file of ['/site/theme/Navbar.tsx', '/site/src/theme/Footer.jsx']) {
      const plan = planChanges([{ path: file, type: 'change' }], watched);
      expect([plan.client, plan.server], file).toEqual([true, true]);
    }
    const added = planChanges([{ path: '/site/src/theme/DocPage.tsx', type: 'add' }], watched);
    expect([added.client, added.server]).toEqual([true, true]);
    const style = planChanges([{ path: '/site/src/css/custom.css', type: 'change' }], watched);
    expect([style.client, style.server]).toEqual([true, false]);
    expect(isStyleOnly(style)).toBe(true);
    const other = planChanges([{ path: '/site/src/css/other.css', type: 'change' }], watched);
    expect(other.client).toBe(false);
  });
});

describe('siteThemeFiles', () => {
  it('reads theme/ before src/theme/ and leaves out a symbolic link out of the site', () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'folio-outside-'));
    const root = mkdtempSync(path.join(os.tmpdir(), 'folio-theme-'));
    try {
      writeFileSync(path.join(outside, 'Tabs.tsx'), 'export default () => null;\n');
      mkdirSync(path.join(root, 'theme'));
      mkdirSync(path.join(root, 'src/theme'), { recursive: true });
      writeFileSync(path.join(root, 'theme/Footer.tsx'), 'export default () => null;\n');
      writeFileSync(path.join(root, 'src/theme/Footer.jsx'), 'export default () => null;\n');
      writeFileSync(path.join(root, 'src/theme/MDXComponents.jsx'), 'export default {};\n');
      writeFileSync(path.join(root, 'src/theme/notAComponent.js'), '\n');
      symlinkSync(path.join(outside, 'Tabs.tsx'), path.join(root, 'src/theme/Tabs.tsx'));
      expect(siteThemeFiles(root)).toEqual({ Footer: path.join(root, 'theme/Footer.tsx'), MDXComponents: path.join(root, 'src/theme/MDXComponents.jsx') });
    } finally {
      rmSync(outside, { recursive: true, force: true });
      rmSync(root, { recursive: true, force: true });
    }
  });
});
