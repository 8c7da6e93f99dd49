/**
 * A `.tsx` page's chunk, the client script that names it and a CSS module's classes must be the
 * same wherever the site was built. With folio installed in the site (node_modules/folio, the
 * working folder of its bundles), the site's files are the same relative paths in every clone;
 * what differed was the name of the page's module in folio's own namespace and the CSS module's
 * name and class suffix, both made from absolute paths.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import type { TsxPageFile } from '../../../src/content/pages.js';
import { lazyPagesEntrySource, pagesPlugin } from '../../../src/render/bundle-pages.js';
import { cssModulesPlugin } from '../../../src/render/css-modules.js';
import { removeDir } from '../../support/fixtures.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

/**
 * A site in a fresh folder with one page and its CSS module, bundled as the client bundles pages,
 * from folio's place in it: each output file's name and text.
 */
async function outputNames(folderName: string): Promise<string[]> {
  const parent = mkdtempSync(path.join(os.tmpdir(), `folio-${folderName}-`));
  dirs.push(parent);
  const site = path.join(parent, folderName);
  const folio = path.join(site, 'node_modules/folio');
  mkdirSync(folio, { recursive: true });
  mkdirSync(path.join(site, 'content/pages'), { recursive: true });
  const file = path.join(site, 'content/pages/index.tsx');
  writeFileSync(file, 'import styles from "./index.module.css";\nexport default function Home() { return styles.hero; }\n');
  writeFileSync(path.join(site, 'content/pages/index.module.css'), '.hero { color: teal; }\n');
  const pages: TsxPageFile[] = [{ kind: 'tsx', file, relPath: 'index.tsx', id: 'index', route: '/', hash: 'x' }];
  const result = await esbuild.build({
    stdin: { contents: "import { pages } from 'folio:pages'; pages.index();", resolveDir: folio, loader: 'js', sourcefile: 'client-entry.js' },
    absWorkingDir: folio,
    bundle: true,
    write: false,
    format: 'esm',
    splitting: true,
    outdir: path.join(site, 'out/assets'),
    entryNames: 'client-[hash]',
    chunkNames: 'chunk-[hash]',
    jsx: 'automatic',
    logLevel: 'silent',
    plugins: [pagesPlugin(pages, { lazy: true }), cssModulesPlugin({ emitCss: true })],
  });
  return result.outputFiles.map((output) => `${path.basename(output.path)}: ${output.text}`).sort();
}

describe('page chunk names', () => {
  it('and CSS module classes are the same for the same site built in two different folders', async () => {
    expect(
      lazyPagesEntrySource([{ kind: 'tsx', file: '/anywhere/content/pages/index.tsx', relPath: 'index.tsx', id: 'index', route: '/', hash: 'x' }]),
    ).not.toContain('/anywhere');
    const first = await outputNames('checkout');
    const second = await outputNames('fresh-clone-somewhere-else');
    // The scripts and stylesheets of the client and the page's chunk; the scoped class in them.
    expect(first.filter((file) => /\.css: /.test(file))).not.toEqual([]);
    expect(first.join('\n')).toMatch(/index_hero_\w+/);
    expect(second).toEqual(first);
  });
});
