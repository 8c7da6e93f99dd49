/**
 * A one-shot build that compiles its markdown in the main thread highlights the code blocks on a
 * thread of its own (highlight-thread.ts), begun on the blocks the pages plainly hold before the
 * parse asks for them (plain-fences.ts). Through the real CLI (from dist/, where the worker is):
 * the output is the same, byte for byte, as when the main thread highlights
 * (FOLIO_HIGHLIGHT_THREAD=0), for blocks the prefetch reads right, blocks it cannot see (in a list,
 * after an escape), blocks asked for twice, and the element frames of a page MDX turns into code;
 * the stage line says which way it went. Beside compile workers (`--threads 2`), the workers send
 * their blocks to the same thread through a port of their own (HighlightPort): the same bytes again.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import fg from 'fast-glob';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureCopies, runCli, treeHash } from '../support/fixtures.js';

const fixture = fixtureCopies();

const FENCE = '```';

/** A page of code blocks of every kind the highlighter distinguishes. */
const ZOO = `---
title: Lamp recipes
---

# Lamp recipes

Start the lamp from a shell:

${FENCE}bash title="start.sh" showLineNumbers
lantern start --dim 40
lantern status
${FENCE}

The same command, asked for again (the second ask of one block):

${FENCE}bash title="start.sh" showLineNumbers
lantern start --dim 40
lantern status
${FENCE}

A configuration, two lines marked:

${FENCE}ts {2,4}
export const lamp = {
  colour: 'amber',
  dim: 40,
  schedule: ['dusk', 'dawn'],
};
${FENCE}

Magic comments mark lines too:

${FENCE}js
const lamp = connect();
// highlight-next-line
lamp.on('flicker', retry);
// highlight-start
lamp.dim(10);
lamp.dim(20);
// highlight-end
${FENCE}

~~~yaml
lamp:
  colour: amber
~~~

- A block inside a list, which the prefetch leaves to the parse:

  ${FENCE}json
  { "dim": 40 }
  ${FENCE}

${FENCE}not-a-language
plain text in an unknown language
${FENCE}

${FENCE}
no language at all
${FENCE}

\`\`\`\`md
${FENCE}
three backticks inside four
${FENCE}
\`\`\`\`

${FENCE}text
  indented lines keep their indent
	and tabs stay tabs
${FENCE}

${FENCE}ts
${FENCE}

One line in two languages, the first where the prefetch does not look (it is asked for first):

- As text:

  ${FENCE}text
  const lamp = 'on';
  ${FENCE}

${FENCE}ts
const lamp = 'on';
${FENCE}
`;

describe('code highlighted on a thread of its own', () => {
  it('publishes what the main thread would, for Docusaurus-style pages and a page of every kind of block', () => {
    const root = fixture('docusaurus-compat');
    writeFileSync(path.join(root, 'content/docs/recipes.md'), ZOO);
    const build = (out: string, env: NodeJS.ProcessEnv = {}) => {
      rmSync(path.join(root, '.folio-cache'), { recursive: true, force: true });
      const result = runCli(['build', '--out', out], { cwd: root, env });
      expect(result.status, result.output).toBe(0);
      return { output: result.output, tree: treeHash(path.join(root, out)) };
    };
    const threaded = build('threaded');
    const here = build('here', { FOLIO_HIGHLIGHT_THREAD: '0' });
    expect(threaded.output).toMatch(/compileContent .*code highlighted on a thread of its own/);
    expect(here.output).not.toMatch(/thread of its own/);
    expect(threaded.tree['docs/recipes/index.html']).toBeDefined();
    expect(threaded.tree).toEqual(here.tree);
  });

  it('a build from a clean checkout begins the thread before its config: one that stops at the config still exits, one without code says no thread', () => {
    const root = fixture('docusaurus-compat');
    const config = path.join(root, 'site.config.ts');
    const text = readFileSync(config, 'utf8');
    rmSync(path.join(root, '.folio-cache'), { recursive: true, force: true });
    writeFileSync(config, `${text}\nexport const broken = ;\n`);
    // The thread is ended with the build: the process exits (a thread left running would keep it
    // alive until runCli's timeout, and the status would be null).
    const failed = runCli(['build'], { cwd: root });
    expect(failed.status, failed.output).toBe(1);
    expect(failed.output).toContain('CONFIG_SYNTAX');
    // A site without a code block: the thread began, was given nothing, and is not reported.
    const plainRoot = fixture('sidebar-options');
    expect(fg.sync('**/*.{md,mdx}', { cwd: plainRoot }).every((file) => !readFileSync(path.join(plainRoot, file), 'utf8').includes(FENCE))).toBe(true);
    rmSync(path.join(plainRoot, '.folio-cache'), { recursive: true, force: true });
    const plain = runCli(['build'], { cwd: plainRoot });
    expect(plain.status, plain.output).toBe(0);
    expect(plain.output).not.toMatch(/thread of its own/);
  });

  it('a build whose blocks all come from the cache starts no thread', () => {
    const root = fixture('docusaurus-compat');
    mkdirSync(path.join(root, 'content/docs'), { recursive: true });
    writeFileSync(path.join(root, 'content/docs/recipes.md'), ZOO);
    rmSync(path.join(root, '.folio-cache'), { recursive: true, force: true });
    const cold = runCli(['build'], { cwd: root });
    expect(cold.status, cold.output).toBe(0);
    const first = treeHash(path.join(root, 'out'));
    // Only the blocks' page changes: its blocks are in the cache, so nothing is sent to a thread.
    writeFileSync(path.join(root, 'content/docs/recipes.md'), ZOO.replace('Start the lamp from a shell:', 'Start the lamp from a terminal:'));
    const warm = runCli(['build'], { cwd: root });
    expect(warm.status, warm.output).toBe(0);
    // (The pages that import files compile again too: theirs are element frames, in the cache as well.)
    expect(warm.output).toMatch(/compileContent .* [1-9]\d* compiled/);
    expect(warm.output).not.toMatch(/thread of its own/);
    const second = treeHash(path.join(root, 'out'));
    expect(second['docs/recipes/index.html']).not.toBe(first['docs/recipes/index.html']);
  });

  it('a page that fails among pages in flight: the first failure in file order is the one reported, as in one thread', () => {
    const root = fixture('docusaurus-compat');
    writeFileSync(path.join(root, 'content/docs/recipes.md'), ZOO);
    // Two broken pages. The first fails only once its many code blocks are highlighted (when it
    // renders); the second at once, in its parse: with pages in flight, it fails first in time.
    writeFileSync(path.join(root, 'content/docs/a-broken.mdx'), `# A\n\n${ZOO.split('# Lamp recipes')[1]}\n\nA value {notDefinedAnywhere.value}\n`);
    writeFileSync(path.join(root, 'content/docs/z-broken.mdx'), '# Z\n\nAnother open {expression\n');
    const build = (env: NodeJS.ProcessEnv = {}) => {
      rmSync(path.join(root, '.folio-cache'), { recursive: true, force: true });
      const result = runCli(['build'], { cwd: root, env });
      expect(result.status).toBe(1);
      return result.output.split('\n').filter((line) => /^error|a-broken|z-broken/.test(line.trim()));
    };
    const threaded = build();
    expect(threaded.join('\n')).toMatch(/a-broken\.mdx/);
    expect(threaded.join('\n')).not.toMatch(/z-broken/);
    expect(threaded).toEqual(build({ FOLIO_HIGHLIGHT_THREAD: '0' }));
  });

  /** The fixture with `count` pages of every kind of block, each with a line of its own; `extra` writes more. */
  function manyPages(count: number, extra: (docs: string) => void = () => {}): string {
    const root = fixture('docusaurus-compat');
    const docs = path.join(root, 'content/docs/many');
    mkdirSync(docs, { recursive: true });
    for (let i = 0; i < count; i++) {
      const page = ZOO.replace('# Lamp recipes', `# Lamp recipes ${i}`).replace("schedule: ['dusk', 'dawn'],", `schedule: ['dusk', 'dawn'], shelf: ${i},`);
      writeFileSync(path.join(docs, `recipe-${String(i).padStart(2, '0')}.md`), page.replace('title: Lamp recipes', `title: Lamp recipes ${i}`));
    }
    extra(docs);
    return root;
  }

  it('beside compile workers, every thread sends its blocks to the one highlighting thread: the same bytes as each highlighting its own', () => {
    const root = manyPages(40);
    const build = (out: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
      rmSync(path.join(root, '.folio-cache'), { recursive: true, force: true });
      const result = runCli(['build', '--out', out, ...args], { cwd: root, env });
      expect(result.status, result.output).toBe(0);
      return { output: result.output, tree: treeHash(path.join(root, out)) };
    };
    const shared = build('shared', ['--threads', '2']);
    const own = build('own', ['--threads', '2'], { FOLIO_HIGHLIGHT_THREAD: '0' });
    const single = build('single', ['--threads', '1'], { FOLIO_HIGHLIGHT_THREAD: '0' });
    expect(shared.output).toMatch(/compileContent .*on 2 threads, code highlighted on a thread of its own/);
    expect(own.output).toMatch(/compileContent .*on 2 threads/);
    expect(own.output).not.toMatch(/thread of its own/);
    expect(single.output).not.toMatch(/on \d+ threads|thread of its own/);
    // Every page's own line is in its own page, highlighted.
    expect(shared.tree['docs/many/recipe-39/index.html']).toBeDefined();
    const page = readFileSync(path.join(root, 'shared/docs/many/recipe-39/index.html'), 'utf8');
    expect(page).toMatch(/<span style="[^"]+">[^<]*shelf[^<]*<\/span>/);
    expect(page).toMatch(/<span style="[^"]+"> ?39,?<\/span>/);
    expect(shared.tree).toEqual(own.tree);
    expect(shared.tree).toEqual(single.tree);
  });

  it('beside compile workers, a site without a code block does not say its code was highlighted on a thread of its own', () => {
    const root = fixture('sidebar-options');
    const docs = path.join(root, 'content/docs/plain-many');
    mkdirSync(docs, { recursive: true });
    for (let i = 0; i < 40; i++) writeFileSync(path.join(docs, `note-${i}.md`), `# Note ${i}\n\nA lamp note without code, number ${i}.\n`);
    expect(fg.sync('**/*.{md,mdx}', { cwd: root }).every((file) => !readFileSync(path.join(root, file), 'utf8').includes(FENCE))).toBe(true);
    rmSync(path.join(root, '.folio-cache'), { recursive: true, force: true });
    const result = runCli(['build', '--threads', '2'], { cwd: root });
    expect(result.status, result.output).toBe(0);
    expect(result.output).toMatch(/compileContent .*on 2 threads/);
    expect(result.output).not.toMatch(/thread of its own/);
  });

  it('beside compile workers, the first failure in file order is the one reported, wherever its blocks were highlighted', () => {
    // Pages late in the order fail once their blocks are highlighted; an earlier one fails in its parse.
    const root = manyPages(40, (docs) => {
      // As MDX, so that the expression is evaluated (and fails) after the page's blocks are highlighted.
      for (const i of [31, 35, 38]) {
        rmSync(path.join(docs, `recipe-${i}.md`));
        writeFileSync(path.join(docs, `recipe-${i}.mdx`), `# Broken ${i}\n\n${ZOO.split('# Lamp recipes')[1]}\n\nA value {notDefinedAnywhere.value}\n`);
      }
      writeFileSync(path.join(docs, 'recipe-36.md'), '# Broken\n\nAnother open {expression\n');
    });
    const build = (env: NodeJS.ProcessEnv = {}) => {
      rmSync(path.join(root, '.folio-cache'), { recursive: true, force: true });
      const result = runCli(['build', '--threads', '2'], { cwd: root, env });
      expect(result.status, result.output).toBe(1);
      return result.output.split('\n').filter((line) => /^error|recipe-3\d/.test(line.trim()));
    };
    const shared = build();
    expect(shared.join('\n')).toMatch(/recipe-31\.mdx/);
    expect(shared).toEqual(build({ FOLIO_HIGHLIGHT_THREAD: '0' }));
  });
});
