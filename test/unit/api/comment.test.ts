/** Doc comments of typedoc's JSON → markdown and plain text. Pure. */
import { describe, expect, it } from 'vitest';
import { exampleMarkdown, partsToMarkdown, partsToText, summaryLine } from '../../../src/api/comment.js';
import type { JsonDisplayPart } from '../../../src/api/reflection-kinds.js';

const links = { hrefFor: (id: number) => (id === 65 ? '/docs/api/type-aliases/TheCodegenConfiguration' : undefined) };

describe('partsToMarkdown', () => {
  it('turns {@link} to a documented export into a markdown link, as code when it names a symbol', () => {
    const parts = [
      { kind: 'text', text: 'Validates a ' },
      { kind: 'inline-tag', tag: '@link', text: 'TheCodegenConfiguration', target: 65 },
      { kind: 'text', text: ' with ' },
      { kind: 'code', text: '`zod`' },
      { kind: 'text', text: '.' },
    ] as unknown as JsonDisplayPart[];
    expect(partsToMarkdown(parts, links)).toBe('Validates a [`TheCodegenConfiguration`](/docs/api/type-aliases/TheCodegenConfiguration) with `zod`.');
  });

  it('keeps links to undocumented or external symbols as code, and URLs as links with their text', () => {
    const parts = [
      {
        kind: 'inline-tag',
        tag: '@link',
        text: 'GeneratorsInternal',
        target: { packageName: 'x', packagePath: 'src/a.ts', qualifiedName: 'GeneratorsInternal' },
      },
      { kind: 'text', text: ', ' },
      { kind: 'inline-tag', tag: '@link', text: 'the [spec] site', target: 'https://example.com/spec' },
      { kind: 'text', text: ', ' },
      { kind: 'inline-tag', tag: '@linkplain', text: 'plain words', target: 65 },
    ] as unknown as JsonDisplayPart[];
    expect(partsToMarkdown(parts, links)).toBe(
      '`GeneratorsInternal`, [the \\[spec\\] site](https://example.com/spec), [plain words](/docs/api/type-aliases/TheCodegenConfiguration)',
    );
  });

  it('keeps relative links as written, to be resolved against the source file', () => {
    const parts: JsonDisplayPart[] = [
      { kind: 'text', text: 'See [the guide](' },
      { kind: 'relative-link', text: '../docs/guide.md' },
      { kind: 'text', text: ').' },
    ];
    expect(partsToMarkdown(parts, links)).toBe('See [the guide](../docs/guide.md).');
  });
});

describe('plain text', () => {
  it('summarises the first paragraph without markdown', () => {
    const summary: JsonDisplayPart[] = [
      { kind: 'text', text: 'Loads a ' },
      { kind: 'code', text: '`codegen`' },
      { kind: 'text', text: ' file,\nthen **validates** it.\n\nSecond paragraph.' },
    ];
    expect(partsToText(summary)).toBe('Loads a codegen file,\nthen validates it.\n\nSecond paragraph.');
    expect(summaryLine({ summary })).toBe('Loads a codegen file, then validates it.');
    expect(summaryLine({ summary: [] })).toBeUndefined();
    expect(summaryLine({ summary: [{ kind: 'text', text: 'word '.repeat(80) }] }, 40)).toMatch(/^(word ){6}word…$/);
  });
});

describe('exampleMarkdown', () => {
  it('keeps fenced examples and fences bare code as TypeScript', () => {
    expect(exampleMarkdown([{ kind: 'code', text: '```js\nrun()\n```' }], links)).toBe('```js\nrun()\n```');
    expect(exampleMarkdown([{ kind: 'text', text: 'run()' }], links)).toBe('```ts\nrun()\n```');
  });
});
