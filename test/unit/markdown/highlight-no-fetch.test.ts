/**
 * Highlighting does not load Node's fetch implementation (undici). shiki's WebAssembly loader
 * asks whether what it is handed is a fetch `Response` (`instanceof Response`), and touching that
 * global makes Node load undici: 60–90 ms of every highlighting thread's start. The bytes are
 * handed over as an instantiator instead (highlight.ts, `instantiatorOf`). Node defines the
 * global as a getter that replaces itself with the value once read: still a getter after a block
 * is highlighted means undici was never loaded. Run in a process of its own (the test runner may
 * have loaded it already).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/fixtures.js';

describe('highlighting', () => {
  it('leaves the fetch globals unloaded', () => {
    const module = pathToFileURL(path.join(repoRoot, 'src/markdown/highlight.ts')).href;
    const script = `
      const { CodeHighlighter, codeBlockOf } = await import(${JSON.stringify(module)});
      const unloaded = () => 'get' in Object.getOwnPropertyDescriptor(globalThis, 'Response');
      const before = unloaded();
      const html = await new CodeHighlighter().highlightHtml(codeBlockOf('const answer: number = 42;', 'ts', undefined));
      console.log(JSON.stringify({ before, after: unloaded(), coloured: html.includes('--shiki-dark') }));
    `;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
    expect(JSON.parse(output.trim().split('\n').pop()!)).toEqual({ before: true, after: true, coloured: true });
  });
});
