/**
 * A `.tsx` page's chunk, and the client script that names it, must be named the same wherever the
 * site was built. With folio installed in the site (node_modules/folio, the working folder of its
 * bundles), the site's files are the same relative paths in every clone; what differed was the
 * name of the page's module in folio's own namespace, which held the page's absolute path.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import type { TsxPageFile } from '../../../src/content/pages.js';
import { lazyPagesEntrySource, pagesPlugin } from '../../../src/render/bundle-pages.js';
import { removeDir } from '../../support/fixtures.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

/** A site in a fresh folder with one page, bundled as the client bundles pages, from folio's place in it. */
async function outputNames(folderName: string): Promise<string[]> {
  const parent = mkdtempSync(path.join(os.tmpdir(), `folio-${folderName}-`));
  dirs.push(parent);
  const site = path.join(parent, folderName);
  const folio = path.join(site, 'node_modules/folio');
  mkdirSync(folio, { recursive: true });
  mkdirSync(path.join(site, 'content/pages'), { recursive: true });
  const file = path.join(site, 'content/pages/index.tsx');
  writeFileSync(file, 'export default function Home() { return "The Codegen Project"; }\n');
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
    plugins: [pagesPlugin(pages, { lazy: true })],
  });
  return result.outputFiles.map((output) => path.basename(output.path)).sort();
}

describe('page chunk names', () => {
  it('are the same for the same site built in two different folders', async () => {
    expect(
      lazyPagesEntrySource([{ kind: 'tsx', file: '/anywhere/content/pages/index.tsx', relPath: 'index.tsx', id: 'index', route: '/', hash: 'x' }]),
    ).not.toContain('/anywhere');
    const first = await outputNames('checkout');
    const second = await outputNames('fresh-clone-somewhere-else');
    expect(first).toHaveLength(2);
    expect(second).toEqual(first);
  });
});
