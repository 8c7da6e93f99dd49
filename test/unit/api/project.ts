/** A small typedoc JSON project for the pure API tests (the shape typedoc's serializer writes). */
import type { JsonProject } from '../../../src/api/reflection-kinds.js';

const source = (line: number, fileName = 'api/src/index.ts') => [{ fileName, line, character: 0 }];
const text = (value: string) => [{ kind: 'text' as const, text: value }];

export const project = {
  id: 0,
  name: 'API',
  variant: 'project',
  kind: 1,
  flags: {},
  children: [
    {
      id: 2,
      name: 'Color',
      variant: 'declaration',
      kind: 8,
      flags: {},
      comment: { summary: text('Colours.') },
      sources: source(3, 'api/src/enums.ts'),
      children: [
        { id: 3, name: 'Red', variant: 'declaration', kind: 16, flags: {}, type: { type: 'literal', value: 'red' }, sources: source(4, 'api/src/enums.ts') },
        {
          id: 4,
          name: 'Green',
          variant: 'declaration',
          kind: 16,
          flags: {},
          type: { type: 'literal', value: 'green' },
          sources: source(5, 'api/src/enums.ts'),
        },
      ],
    },
    {
      id: 5,
      name: 'run',
      variant: 'declaration',
      kind: 64,
      flags: {},
      sources: source(10),
      signatures: [
        {
          id: 6,
          name: 'run',
          variant: 'signature',
          kind: 4096,
          flags: {},
          sources: source(10),
          comment: {
            summary: [
              { kind: 'text', text: 'Runs with ' },
              { kind: 'inline-tag', tag: '@link', text: 'Opts', target: 7 },
              { kind: 'text', text: '.\n\nMore detail.' },
            ],
            blockTags: [
              { tag: '@returns', content: text('Nothing.') },
              { tag: '@example', content: [{ kind: 'code', text: '```ts\nrun({ a: 1 });\n```' }] },
            ],
          },
          parameters: [
            {
              id: 13,
              name: 'options',
              variant: 'param',
              kind: 32768,
              flags: {},
              type: { type: 'reference', target: 7, name: 'Opts' },
              comment: { summary: text('How to run.') },
            },
          ],
          type: {
            type: 'reference',
            target: { packageName: 'typescript', packagePath: 'lib/lib.es5.d.ts', qualifiedName: 'Promise' },
            name: 'Promise',
            typeArguments: [{ type: 'intrinsic', name: 'void' }],
          },
        },
      ],
    },
    {
      id: 7,
      name: 'Opts',
      variant: 'declaration',
      kind: 256,
      flags: {},
      sources: source(20),
      children: [
        {
          id: 8,
          name: 'a',
          variant: 'declaration',
          kind: 1024,
          flags: { isOptional: true, isReadonly: true },
          sources: source(21),
          type: { type: 'reference', target: 2, name: 'Color' },
          comment: { summary: text('The colour.'), blockTags: [{ tag: '@defaultValue', content: [{ kind: 'code', text: '`Color.Red`' }] }] },
        },
      ],
    },
    {
      id: 9,
      name: 'Geo',
      variant: 'declaration',
      kind: 4,
      flags: {},
      sources: source(30),
      comment: { summary: text('Geometry.') },
      children: [
        {
          id: 10,
          name: 'dist',
          variant: 'declaration',
          kind: 64,
          flags: {},
          sources: source(31),
          signatures: [
            {
              id: 11,
              name: 'dist',
              variant: 'signature',
              kind: 4096,
              flags: {},
              sources: source(31),
              parameters: [],
              type: { type: 'intrinsic', name: 'number' },
            },
          ],
        },
      ],
    },
    { id: 12, name: 'start', variant: 'reference', kind: 4194304, flags: {}, target: 5 },
  ],
} as unknown as JsonProject;
