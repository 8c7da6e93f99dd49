/**
 * TypeScript types and signatures of typedoc's JSON → a list of tokens
 * (text, a highlight class, an optional link), laid out on one line or, in
 * declaration blocks, broken over lines when too wide. The components render
 * tokens as HTML; tests and descriptions read them as text. Pure.
 *
 * A reference links to its page when the target is an export documented on
 * the site (`TheCodegenConfiguration` → /docs/api/type-aliases/…); external
 * and non-exported types are plain text.
 */
import { Kind, type JsonDeclaration, type JsonParameter, type JsonSignature, type JsonType, type JsonTypeParameter } from './reflection-kinds.js';

export type TokenClass = 'kw' | 'type' | 'fn' | 'param' | 'prop' | 'str' | 'num' | 'tparam' | 'punct' | 'op';

export interface Token {
  text: string;
  cls?: TokenClass;
  href?: string;
}

export interface TypeContext {
  /** Page path (with #anchor) of a reflection, if it has one. */
  hrefFor(id: number): string | undefined;
}

export interface LayoutOptions {
  /** Break wide object types and unions over lines (declaration blocks). */
  multiline?: boolean;
  /** Current indentation (multiline only). */
  indent?: number;
  /** Width before a type is broken over lines. */
  width?: number;
}

const WIDTH = 72;

export function tokensToText(tokens: readonly Token[]): string {
  return tokens.map((token) => token.text).join('');
}

const t = (text: string, cls?: TokenClass, href?: string): Token => (href ? { text, cls, href } : cls ? { text, cls } : { text });
const punct = (text: string) => t(text, 'punct');
const op = (text: string) => t(text, 'op');

/** Where a type appears, to decide on parentheses. */
type Position = 'top' | 'array' | 'union' | 'intersection' | 'operator' | 'indexObject' | 'conditionalCheck' | 'optional' | 'rest';

function isFunctionType(type: JsonType): boolean {
  return (
    type.type === 'reflection' &&
    Boolean(type.declaration.signatures?.length) &&
    !type.declaration.children?.length &&
    !type.declaration.indexSignatures?.length &&
    type.declaration.signatures!.length === 1
  );
}

function needsParens(type: JsonType, position: Position): boolean {
  const fn = isFunctionType(type);
  switch (position) {
    case 'array':
    case 'optional':
    case 'indexObject':
      return fn || ['union', 'intersection', 'conditional', 'typeOperator', 'inferred', 'predicate'].includes(type.type);
    case 'union':
      return fn || type.type === 'conditional';
    case 'intersection':
      return fn || type.type === 'union' || type.type === 'conditional';
    case 'operator':
      return fn || ['union', 'intersection', 'conditional'].includes(type.type);
    case 'conditionalCheck':
      return fn || type.type === 'conditional';
    default:
      return false;
  }
}

function literal(value: unknown): Token {
  if (value === null) return t('null', 'kw');
  if (typeof value === 'string') return t(JSON.stringify(value), 'str');
  if (typeof value === 'number' || typeof value === 'boolean') return t(String(value), typeof value === 'number' ? 'num' : 'kw');
  if (value && typeof value === 'object' && 'value' in value) {
    const big = value as { value: string; negative: boolean };
    return t(`${big.negative ? '-' : ''}${big.value}n`, 'num');
  }
  return t(String(value));
}

const INTRINSIC_KEYWORDS = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'symbol',
  'object',
  'unknown',
  'any',
  'never',
  'void',
  'undefined',
  'null',
  'this',
  'intrinsic',
]);

/** Tokens of a type. */
export function typeTokens(type: JsonType | undefined, ctx: TypeContext, layout: LayoutOptions = {}, position: Position = 'top'): Token[] {
  if (!type) return [t('unknown', 'kw')];
  const inner = rawTypeTokens(type, ctx, layout);
  return needsParens(type, position) ? [punct('('), ...inner, punct(')')] : inner;
}

function rawTypeTokens(type: JsonType, ctx: TypeContext, layout: LayoutOptions): Token[] {
  const sub = (child: JsonType | undefined, position: Position = 'top') => typeTokens(child, ctx, { ...layout, multiline: false }, position);
  switch (type.type) {
    case 'intrinsic':
      return [t(type.name, INTRINSIC_KEYWORDS.has(type.name) ? 'kw' : 'type')];
    case 'literal':
      return [literal(type.value)];
    case 'reference': {
      const href = typeof type.target === 'number' && !type.refersToTypeParameter ? ctx.hrefFor(type.target) : undefined;
      const tokens = [t(type.name, type.refersToTypeParameter ? 'tparam' : 'type', href)];
      if (type.typeArguments?.length) tokens.push(...typeArguments(type.typeArguments, ctx));
      return tokens;
    }
    case 'array':
      return [...sub(type.elementType, 'array'), punct('[]')];
    case 'tuple':
      return [
        punct('['),
        ...join(
          (type.elements ?? []).map((element) => sub(element)),
          [punct(', ')],
        ),
        punct(']'),
      ];
    case 'namedTupleMember':
      return [t(type.name, 'param'), punct(type.isOptional ? '?: ' : ': '), ...sub(type.element)];
    case 'optional':
      return [...sub(type.elementType, 'optional'), punct('?')];
    case 'rest':
      return [op('...'), ...sub(type.elementType, 'rest')];
    case 'union':
      return unionTokens(type.types, ctx, layout);
    case 'intersection':
      return join(
        type.types.map((member) => typeTokens(member, ctx, { ...layout, multiline: false }, 'intersection')),
        [op(' & ')],
      );
    case 'typeOperator':
      return [t(`${type.operator} `, 'kw'), ...sub(type.target, 'operator')];
    case 'query':
      return [t('typeof ', 'kw'), ...sub(type.queryType)];
    case 'indexedAccess':
      return [...sub(type.objectType, 'indexObject'), punct('['), ...sub(type.indexType), punct(']')];
    case 'conditional':
      return [
        ...sub(type.checkType, 'conditionalCheck'),
        t(' extends ', 'kw'),
        ...sub(type.extendsType),
        op(' ? '),
        ...sub(type.trueType),
        op(' : '),
        ...sub(type.falseType),
      ];
    case 'inferred':
      return [t('infer ', 'kw'), t(type.name, 'tparam'), ...(type.constraint ? [t(' extends ', 'kw'), ...sub(type.constraint)] : [])];
    case 'predicate':
      return [...(type.asserts ? [t('asserts ', 'kw')] : []), t(type.name, 'param'), ...(type.targetType ? [t(' is ', 'kw'), ...sub(type.targetType)] : [])];
    case 'templateLiteral': {
      const tokens: Token[] = [t(`\`${type.head}`, 'str')];
      for (const [part, text] of type.tail) tokens.push(t('${', 'punct'), ...sub(part), t('}', 'punct'), t(text, 'str'));
      tokens.push(t('`', 'str'));
      return tokens;
    }
    case 'mapped': {
      // typedoc writes a plain `readonly`/`?` as '+' and a removed one as '-'.
      const readonly = type.readonlyModifier === '-' ? '-readonly ' : type.readonlyModifier ? 'readonly ' : '';
      const optional = type.optionalModifier === '-' ? '-?: ' : type.optionalModifier ? '?: ' : ': ';
      return [
        punct('{ '),
        ...(readonly ? [t(readonly, 'kw')] : []),
        punct('['),
        t(type.parameter, 'tparam'),
        t(' in ', 'kw'),
        ...sub(type.parameterType),
        ...(type.nameType ? [t(' as ', 'kw'), ...sub(type.nameType)] : []),
        punct(']'),
        punct(optional),
        ...sub(type.templateType),
        punct(' }'),
      ];
    }
    case 'reflection':
      return declarationTypeTokens(type.declaration, ctx, layout);
    case 'unknown':
      return [t(type.name)];
    default:
      return [t('unknown', 'kw')];
  }
}

function unionTokens(types: JsonType[], ctx: TypeContext, layout: LayoutOptions): Token[] {
  const members = types.map((member) => typeTokens(member, ctx, { ...layout, multiline: false }, 'union'));
  const inline = join(members, [op(' | ')]);
  const indent = layout.indent ?? 0;
  if (!layout.multiline || types.length < 2 || tokensToText(inline).length + indent <= (layout.width ?? WIDTH)) return inline;
  const pad = ' '.repeat(indent + 2);
  const broken: Token[] = [];
  members.forEach((_, index) => {
    const member = typeTokens(types[index], ctx, { ...layout, indent: indent + 4 }, 'union');
    broken.push(t(`\n${pad}`), op('| '), ...member);
  });
  return broken;
}

function typeArguments(args: JsonType[], ctx: TypeContext): Token[] {
  return [
    punct('<'),
    ...join(
      args.map((arg) => typeTokens(arg, ctx)),
      [punct(', ')],
    ),
    punct('>'),
  ];
}

function join(groups: Token[][], separator: Token[]): Token[] {
  const out: Token[] = [];
  groups.forEach((group, index) => {
    if (index > 0) out.push(...separator);
    out.push(...group);
  });
  return out;
}

/** Tokens of an object type literal or function type. */
export function declarationTypeTokens(declaration: JsonDeclaration, ctx: TypeContext, layout: LayoutOptions = {}): Token[] {
  const signatures = declaration.signatures ?? [];
  const children = declaration.children ?? [];
  const indexSignatures = declaration.indexSignatures ?? [];
  if (signatures.length === 1 && !children.length && !indexSignatures.length) {
    return signatureTokens(signatures[0], ctx, { arrow: true, layout });
  }
  const members: Token[][] = [];
  for (const signature of signatures) members.push(signatureTokens(signature, ctx, { arrow: false, layout: { ...layout, multiline: false } }));
  for (const signature of indexSignatures) members.push(indexSignatureTokens(signature, ctx));
  for (const child of children) members.push(memberTokens(child, ctx, { ...layout, indent: (layout.indent ?? 0) + 2 }));
  if (!members.length) return [punct('{}')];
  const inline = [punct('{ '), ...join(members, [punct('; ')]), punct(' }')];
  const indent = layout.indent ?? 0;
  if (!layout.multiline || tokensToText(inline).length + indent <= (layout.width ?? WIDTH)) return inline;
  const pad = ' '.repeat(indent + 2);
  const out: Token[] = [punct('{')];
  for (const member of members) out.push(t(`\n${pad}`), ...member, punct(';'));
  out.push(t(`\n${' '.repeat(indent)}`), punct('}'));
  return out;
}

/** `readonly name?: Type` of a property, or the signature of a method member. */
export function memberTokens(member: JsonDeclaration, ctx: TypeContext, layout: LayoutOptions = {}): Token[] {
  const name = memberName(member.name);
  if (member.kind === Kind.Method || (member.signatures?.length && !member.type)) {
    const parts = (member.signatures ?? []).map((signature) => [
      t(name, 'fn'),
      ...(member.flags.isOptional ? [punct('?')] : []),
      ...signatureTokens(signature, ctx, { arrow: false, name: false, layout }),
    ]);
    return join(parts, [punct('; ')]);
  }
  if (member.kind === Kind.Accessor) {
    const type = member.getSignature?.type ?? member.setSignature?.parameters?.[0]?.type;
    return [...(member.setSignature ? [] : [t('readonly ', 'kw')]), t(name, 'prop'), punct(': '), ...typeTokens(type, ctx, layout)];
  }
  return [
    ...(member.flags.isReadonly ? [t('readonly ', 'kw')] : []),
    t(name, 'prop'),
    punct(member.flags.isOptional ? '?: ' : ': '),
    ...typeTokens(member.type, ctx, layout),
  ];
}

/** Property names that are not identifiers are quoted. */
export function memberName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) || /^\[.*\]$/.test(name) || /^\d+$/.test(name) ? name : JSON.stringify(name);
}

function indexSignatureTokens(signature: JsonSignature, ctx: TypeContext): Token[] {
  const parameter = signature.parameters?.[0];
  return [
    ...(signature.flags.isReadonly ? [t('readonly ', 'kw')] : []),
    punct('['),
    t(parameter?.name ?? 'key', 'param'),
    punct(': '),
    ...typeTokens(parameter?.type, ctx),
    punct(']: '),
    ...typeTokens(signature.type, ctx),
  ];
}

export function typeParameterTokens(typeParameters: readonly JsonTypeParameter[] | undefined, ctx: TypeContext): Token[] {
  if (!typeParameters?.length) return [];
  const each = typeParameters.map((parameter) => [
    ...(parameter.flags.isConst ? [t('const ', 'kw')] : []),
    ...(parameter.varianceModifier ? [t(`${parameter.varianceModifier} `, 'kw')] : []),
    t(parameter.name, 'tparam'),
    ...(parameter.type ? [t(' extends ', 'kw'), ...typeTokens(parameter.type, ctx)] : []),
    ...(parameter.default ? [op(' = '), ...typeTokens(parameter.default, ctx)] : []),
  ]);
  return [punct('<'), ...join(each, [punct(', ')]), punct('>')];
}

export function parameterTokens(parameter: JsonParameter, ctx: TypeContext, layout: LayoutOptions = {}): Token[] {
  const rest = parameter.flags.isRest;
  const optional = parameter.flags.isOptional || (parameter.defaultValue !== undefined && !rest);
  return [...(rest ? [op('...')] : []), t(parameter.name, 'param'), punct(optional ? '?: ' : ': '), ...typeTokens(parameter.type, ctx, layout)];
}

export interface SignatureOptions {
  /** `(a: A) => R` (function type) instead of `(a: A): R`. */
  arrow: boolean;
  /** Prefix with the signature's name (declarations); default false. */
  name?: boolean;
  /** Prefix a keyword: `function`, `new`. */
  keyword?: string;
  layout?: LayoutOptions;
}

/** `name<T>(a: A, b?: B): R` or `(a: A) => R`, parameters broken over lines when too wide (multiline). */
export function signatureTokens(signature: JsonSignature, ctx: TypeContext, options: SignatureOptions): Token[] {
  const layout = options.layout ?? {};
  const head: Token[] = [];
  if (options.keyword) head.push(t(`${options.keyword} `, 'kw'));
  if (options.name) head.push(t(signature.name, 'fn'));
  if (signature.kind === Kind.ConstructorSignature && !options.keyword && !options.name) head.push(t('new ', 'kw'));
  head.push(...typeParameterTokens(signature.typeParameters, ctx));
  const parameters = (signature.parameters ?? []).map((parameter) => parameterTokens(parameter, ctx));
  const returns = [
    op(options.arrow ? ' => ' : ': '),
    ...typeTokens(signature.type ?? { type: 'intrinsic', name: 'void' }, ctx, { ...layout, indent: layout.indent ?? 0 }),
  ];
  const inline = [...head, punct('('), ...join(parameters, [punct(', ')]), punct(')'), ...returns];
  const indent = layout.indent ?? 0;
  if (!layout.multiline || parameters.length < 1 || tokensToText(inline).split('\n')[0].length + indent <= (layout.width ?? WIDTH)) return inline;
  const pad = ' '.repeat(indent + 2);
  const out: Token[] = [...head, punct('(')];
  (signature.parameters ?? []).forEach((parameter) =>
    out.push(t(`\n${pad}`), ...parameterTokens(parameter, ctx, { ...layout, indent: indent + 2 }), punct(',')),
  );
  out.push(t(`\n${' '.repeat(indent)}`), punct(')'), ...returns);
  return out;
}
