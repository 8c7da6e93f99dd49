/** Types of typedoc's JSON → tokens: text, highlighting, links, parentheses and line breaks. Pure. */
import { describe, expect, it } from 'vitest';
import type { JsonDeclaration, JsonSignature, JsonType } from '../../../src/api/reflection-kinds.js';
import { signatureTokens, tokensToText, typeTokens, type TypeContext } from '../../../src/api/type-tokens.js';

const targets = new Map<number, string>([
  [10, '/docs/api/type-aliases/TheCodegenConfiguration'],
  [11, '/docs/api/interfaces/Node'],
  [12, '/docs/api/enumerations/Color#green'],
]);
const ctx: TypeContext = { hrefFor: (id) => targets.get(id) };

const ref = (name: string, target: number | { packageName: string; packagePath: string; qualifiedName: string }, typeArguments?: JsonType[]): JsonType =>
  ({ type: 'reference', name, target, ...(typeArguments ? { typeArguments } : {}) }) as JsonType;
const intrinsic = (name: string): JsonType => ({ type: 'intrinsic', name });
const lit = (value: string | number | boolean | null): JsonType => ({ type: 'literal', value });
const text = (type: JsonType, layout = {}) => tokensToText(typeTokens(type, ctx, layout));

describe('typeTokens', () => {
  it('links references to exported types and leaves external ones as plain text', () => {
    const tokens = typeTokens(
      ref('Promise', { packageName: 'typescript', packagePath: 'lib/lib.es5.d.ts', qualifiedName: 'Promise' }, [ref('TheCodegenConfiguration', 10)]),
      ctx,
    );
    expect(tokensToText(tokens)).toBe('Promise<TheCodegenConfiguration>');
    expect(tokens.find((t) => t.text === 'Promise')?.href).toBeUndefined();
    expect(tokens.find((t) => t.text === 'TheCodegenConfiguration')).toEqual({
      text: 'TheCodegenConfiguration',
      cls: 'type',
      href: '/docs/api/type-aliases/TheCodegenConfiguration',
    });
  });

  it('does not link a reference whose target has no page, nor a type parameter', () => {
    expect(typeTokens(ref('Hidden', 99), ctx)[0].href).toBeUndefined();
    const param = typeTokens({ type: 'reference', name: 'T', target: 10, refersToTypeParameter: true } as JsonType, ctx)[0];
    expect(param).toEqual({ text: 'T', cls: 'tparam' });
  });

  it('parenthesises unions inside arrays and function types inside unions', () => {
    expect(text({ type: 'array', elementType: { type: 'union', types: [intrinsic('string'), intrinsic('number')] } })).toBe('(string | number)[]');
    const fn: JsonType = {
      type: 'reflection',
      declaration: {
        id: 1,
        name: '__type',
        variant: 'declaration',
        kind: 65536,
        flags: {},
        signatures: [{ id: 2, name: '__type', variant: 'signature', kind: 4096, flags: {}, parameters: [], type: intrinsic('void') }],
      } as unknown as JsonDeclaration,
    };
    expect(text({ type: 'union', types: [fn, intrinsic('undefined')] })).toBe('(() => void) | undefined');
  });

  it('prints literals, tuples, operators, queries, indexed access, conditionals, mapped and template literal types', () => {
    expect(text(lit('a"b'))).toBe('"a\\"b"');
    expect(text({ type: 'literal', value: { value: '12', negative: true } } as JsonType)).toBe('-12n');
    expect(
      text({
        type: 'tuple',
        elements: [intrinsic('string'), { type: 'namedTupleMember', name: 'n', isOptional: true, element: intrinsic('number') }],
      } as JsonType),
    ).toBe('[string, n?: number]');
    expect(text({ type: 'typeOperator', operator: 'keyof', target: ref('Node', 11) })).toBe('keyof Node');
    expect(text({ type: 'query', queryType: ref('defaults', 12) } as JsonType)).toBe('typeof defaults');
    expect(text({ type: 'indexedAccess', objectType: ref('Node', 11), indexType: lit('value') })).toBe('Node["value"]');
    expect(
      text({
        type: 'conditional',
        checkType: ref('T', 0),
        extendsType: intrinsic('string'),
        trueType: lit(1),
        falseType: { type: 'inferred', name: 'U' },
      } as JsonType),
    ).toBe('T extends string ? 1 : infer U');
    expect(
      text({
        type: 'mapped',
        parameter: 'K',
        parameterType: ref('Keys', 0),
        templateType: intrinsic('boolean'),
        readonlyModifier: '+',
        optionalModifier: '-',
      } as JsonType),
    ).toBe('{ readonly [K in Keys]-?: boolean }');
    expect(text({ type: 'templateLiteral', head: 'on', tail: [[intrinsic('string'), 'Event']] } as JsonType)).toBe('`on${string}Event`');
    expect(text({ type: 'predicate', name: 'value', asserts: false, targetType: intrinsic('string') } as JsonType)).toBe('value is string');
    expect(text({ type: 'intersection', types: [ref('A', 0), { type: 'union', types: [ref('B', 0), ref('C', 0)] }] })).toBe('A & (B | C)');
    expect(text({ type: 'rest', elementType: { type: 'array', elementType: intrinsic('string') } } as JsonType)).toBe('...string[]');
  });

  it('prints object types inline, or one member a line when multiline and too wide', () => {
    const object: JsonType = {
      type: 'reflection',
      declaration: {
        id: 3,
        name: '__type',
        variant: 'declaration',
        kind: 65536,
        flags: {},
        children: [
          { id: 4, name: 'inputType', variant: 'declaration', kind: 1024, flags: {}, type: lit('asyncapi') },
          { id: 5, name: 'inputPath', variant: 'declaration', kind: 1024, flags: { isReadonly: true }, type: intrinsic('string') },
          { id: 6, name: 'x-extension', variant: 'declaration', kind: 1024, flags: { isOptional: true }, type: ref('Node', 11) },
        ],
      } as unknown as JsonDeclaration,
    };
    expect(text(object)).toBe('{ inputType: "asyncapi"; readonly inputPath: string; "x-extension"?: Node }');
    expect(text(object, { multiline: true, width: 20 })).toBe('{\n  inputType: "asyncapi";\n  readonly inputPath: string;\n  "x-extension"?: Node;\n}');
  });

  it('breaks a wide union over lines in declaration blocks only', () => {
    const union: JsonType = { type: 'union', types: ['payloads', 'parameters', 'headers', 'types', 'channels', 'custom', 'client'].map((v) => lit(v)) };
    expect(text(union)).toBe('"payloads" | "parameters" | "headers" | "types" | "channels" | "custom" | "client"');
    expect(text(union, { multiline: true, width: 40 }).split('\n')).toEqual([
      '',
      '  | "payloads"',
      '  | "parameters"',
      '  | "headers"',
      '  | "types"',
      '  | "channels"',
      '  | "custom"',
      '  | "client"',
    ]);
  });
});

describe('signatureTokens', () => {
  const signature: JsonSignature = {
    id: 20,
    name: 'parse',
    variant: 'signature',
    kind: 4096,
    flags: {},
    typeParameters: [{ id: 21, name: 'T', variant: 'typeParam', kind: 131072, flags: {}, type: intrinsic('object'), default: ref('Node', 11) }],
    parameters: [
      { id: 22, name: 'input', variant: 'param', kind: 32768, flags: {}, type: intrinsic('string') },
      { id: 23, name: 'options', variant: 'param', kind: 32768, flags: { isOptional: true }, type: ref('TheCodegenConfiguration', 10) },
      { id: 24, name: 'rest', variant: 'param', kind: 32768, flags: { isRest: true }, type: { type: 'array', elementType: intrinsic('number') } },
    ],
    type: ref('Promise', { packageName: 'typescript', packagePath: 'lib/lib.es5.d.ts', qualifiedName: 'Promise' }, [intrinsic('void')]),
  } as unknown as JsonSignature;

  it('prints a declaration with its name, type parameters, optional and rest parameters', () => {
    const tokens = signatureTokens(signature, ctx, { arrow: false, name: true, keyword: 'function' });
    expect(tokensToText(tokens)).toBe(
      'function parse<T extends object = Node>(input: string, options?: TheCodegenConfiguration, ...rest: number[]): Promise<void>',
    );
    expect(tokens.filter((t) => t.href).map((t) => t.href)).toEqual(['/docs/api/interfaces/Node', '/docs/api/type-aliases/TheCodegenConfiguration']);
  });

  it('prints a function type with an arrow and puts parameters on lines when too wide', () => {
    expect(tokensToText(signatureTokens(signature, ctx, { arrow: true }))).toMatch(/^<T extends object = Node>\(input: string, .*\) => Promise<void>$/);
    expect(tokensToText(signatureTokens(signature, ctx, { arrow: false, name: true, layout: { multiline: true, width: 40 } }))).toBe(
      'parse<T extends object = Node>(\n  input: string,\n  options?: TheCodegenConfiguration,\n  ...rest: number[],\n): Promise<void>',
    );
  });
});
