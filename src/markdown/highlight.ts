/**
 * Build-time code highlighting with shiki: a light and a dark theme emitted
 * as CSS variables (--shiki-light / --shiki-dark), so no highlighter ships to
 * the browser. Grammars load lazily; each distinct block is highlighted once
 * (results are cached by the caller through the build cache).
 */
import type { Element, ElementContent, Root } from 'hast';
import type { Highlighter } from 'shiki';
import { bundledLanguages } from 'shiki/langs';

export const LIGHT_THEME = 'github-light-default';
export const DARK_THEME = 'github-dark-default';

const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  ts: 'typescript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  yml: 'yaml',
  md: 'markdown',
  jsonc: 'jsonc',
  text: 'text',
  txt: 'text',
  plaintext: 'text',
};

export interface CodeMeta {
  title?: string;
  highlightLines: Set<number>;
  showLineNumbers: boolean;
}

/** Parses fence meta such as `title="src/app.ts" {1,4-6} showLineNumbers`. */
export function parseCodeMeta(meta: string | undefined | null): CodeMeta {
  const result: CodeMeta = { highlightLines: new Set(), showLineNumbers: false };
  if (!meta) return result;
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (title) result.title = title[1] ?? title[2] ?? title[3];
  const ranges = /\{([\d,\s-]+)\}/.exec(meta.replace(/title=(?:"[^"]*"|'[^']*'|\S+)/, ''));
  if (ranges) {
    for (const part of ranges[1].split(',')) {
      const [from, to] = part.trim().split('-').map((n) => Number.parseInt(n, 10));
      if (Number.isNaN(from)) continue;
      for (let line = from; line <= (Number.isNaN(to) || to === undefined ? from : to); line++) result.highlightLines.add(line);
    }
  }
  result.showLineNumbers = /\bshowLineNumbers\b/.test(meta);
  return result;
}

export function normaliseLang(lang: string | undefined | null): string {
  const lower = (lang ?? 'text').toLowerCase();
  const resolved = ALIASES[lower] ?? lower;
  return resolved === 'text' || resolved in bundledLanguages ? resolved : 'text';
}

/** Holds one shiki highlighter; create one per process (or worker). */
export class CodeHighlighter {
  private highlighter?: Promise<Highlighter>;
  private readonly loaded = new Set<string>(['text']);

  private async get(lang: string): Promise<Highlighter> {
    // Loaded on first use: a build whose code blocks all come from the cache never pays for it.
    this.highlighter ??= Promise.all([import('shiki'), import('shiki/engine/oniguruma')]).then(([{ createHighlighter }, { createOnigurumaEngine }]) =>
      createHighlighter({
        themes: [LIGHT_THEME, DARK_THEME],
        langs: [],
        engine: createOnigurumaEngine(import('shiki/wasm')),
      }),
    );
    const highlighter = await this.highlighter;
    if (!this.loaded.has(lang)) {
      await highlighter.loadLanguage(lang as keyof typeof bundledLanguages);
      this.loaded.add(lang);
    }
    return highlighter;
  }

  /** Highlights one fenced block into a hast `<pre>` element. */
  async highlight({ code, lang, meta }: { code: string; lang: string | undefined | null; meta: CodeMeta }): Promise<Element> {
    const language = normaliseLang(lang);
    const highlighter = await this.get(language);
    const root = highlighter.codeToHast(code.replace(/\n$/, ''), {
      lang: language,
      themes: { light: LIGHT_THEME, dark: DARK_THEME },
      defaultColor: false,
      transformers: [
        {
          line(node, line) {
            if (meta.highlightLines.has(line)) this.addClassToHast(node, 'highlighted');
          },
          pre(node) {
            node.properties.tabindex = '0';
            node.properties['data-language'] = language;
            if (meta.showLineNumbers) this.addClassToHast(node, 'line-numbers');
          },
        },
      ],
    }) as Root;
    return root.children.find((child): child is Element => child.type === 'element')!;
  }
}

/** Wraps a highlighted `<pre>` with its title bar and copy button. */
export function codeBlockFrame({ pre, title, language }: { pre: Element; title?: string; language: string }): Element {
  const children: ElementContent[] = [];
  if (title) {
    children.push({ type: 'element', tagName: 'div', properties: { className: ['code-title'] }, children: [{ type: 'text', value: title }] });
  }
  children.push(pre);
  children.push({
    type: 'element',
    tagName: 'button',
    properties: { type: 'button', className: ['code-copy'], 'aria-label': 'Copy code', 'data-copy': '' },
    children: [{ type: 'text', value: 'Copy' }],
  });
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['code-block', `language-${language}`] },
    children,
  };
}
