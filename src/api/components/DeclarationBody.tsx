import { blockTags, hasModifier, partsToText } from '../comment.js';
import { primaryComment } from '../model.js';
import { useCollector } from '../page-collector.js';
import { Kind, type JsonDeclaration, type JsonType } from '../reflection-kinds.js';
import { declarationTypeTokens, typeParameterTokens, typeTokens, type Token } from '../type-tokens.js';
import { CommentSummary, CommentTags, DeprecationNotice } from './CommentView.js';
import { ExportTables } from './ExportTables.js';
import { Heading } from './Heading.js';
import { CallSignatures, Hierarchy, Methods } from './Members.js';
import { SignatureBlock, SignatureDetails, useTypeContext } from './SignatureView.js';
import { TypeShape } from './TypeShape.js';
import { Badge, EnumMembersTable, MembersTable, TypeParametersTable } from './Tables.js';
import { CodeBlock } from './Tokens.js';

const kw = (text: string): Token => ({ text, cls: 'kw' });
const name = (text: string): Token => ({ text, cls: 'type' });
const punct = (text: string): Token => ({ text, cls: 'punct' });

/** Kind badge, release tags, `@since` and the source link. */
function Meta({ reflection }: { reflection: JsonDeclaration }) {
  const collector = useCollector();
  const comment = primaryComment(reflection);
  const since = blockTags(comment, '@since')[0];
  const source = collector.sourceLink(reflection);
  const group = collector.page.group;
  return (
    <div className="api-meta">
      {group ? <span className={`api-kind api-kind-${group.slug}`}>{group.singular}</span> : null}
      {blockTags(comment, '@deprecated').length ? <Badge tone="warn">deprecated</Badge> : null}
      {['@alpha', '@beta', '@experimental']
        .filter((tag) => hasModifier(comment, tag))
        .map((tag) => (
          <Badge key={tag} tone="info">
            {tag.slice(1)}
          </Badge>
        ))}
      {since ? <span className="api-since">Since {partsToText(since.content).trim()}</span> : null}
      {source ? (
        <a className="api-source" href={source.href} target="_blank" rel="noopener noreferrer">
          {source.label}
        </a>
      ) : null}
    </div>
  );
}

function FunctionBody({ reflection }: { reflection: JsonDeclaration }) {
  const signatures = reflection.signatures ?? [];
  if (signatures.length === 1) {
    const [signature] = signatures;
    return (
      <>
        <SignatureBlock signature={signature} keyword="function" />
        <DeprecationNotice comment={signature.comment ?? reflection.comment} owner={signature} />
        <CommentSummary comment={signature.comment ?? reflection.comment} owner={signature} />
        <SignatureDetails signature={signature} depth={2} showSummary={false} />
      </>
    );
  }
  return (
    <>
      <CommentSummary comment={reflection.comment} owner={reflection} />
      <p className="api-overloads-note">This function has {signatures.length} overloads: the call is checked against them in order.</p>
      {signatures.map((signature, index) => {
        const label = `${signature.name}(${(signature.parameters ?? []).map((parameter) => `${parameter.flags.isRest ? '...' : ''}${parameter.name}${parameter.flags.isOptional ? '?' : ''}`).join(', ')})`;
        return (
          <section key={signature.id} className="api-overload">
            <Heading depth={2} text={`Overload ${index + 1}: ${label}`}>
              <span className="api-overload-label">Overload {index + 1}</span> <code>{label}</code>
            </Heading>
            <SignatureBlock signature={signature} keyword="function" />
            <SignatureDetails signature={signature} depth={3} />
          </section>
        );
      })}
      <CommentTags comment={reflection.comment} owner={reflection} depth={2} />
    </>
  );
}

function heritage(types: readonly JsonType[] | undefined, keyword: string, ctx: ReturnType<typeof useTypeContext>): Token[] {
  if (!types?.length) return [];
  const out: Token[] = [kw(` ${keyword} `)];
  types.forEach((type, index) => {
    if (index) out.push(punct(', '));
    out.push(...typeTokens(type, ctx));
  });
  return out;
}

function ClassOrInterfaceBody({ reflection }: { reflection: JsonDeclaration }) {
  const ctx = useTypeContext();
  const isClass = reflection.kind === Kind.Class;
  const children = reflection.children ?? [];
  const constructors = children.filter((child) => child.kind === Kind.Constructor);
  const properties = children.filter((child) => child.kind === Kind.Property || child.kind === Kind.Accessor);
  const methods = children.filter((child) => child.kind === Kind.Method);
  const head: Token[] = [
    ...(isClass && reflection.flags.isAbstract ? [kw('abstract ')] : []),
    kw(isClass ? 'class ' : 'interface '),
    name(reflection.name),
    ...typeParameterTokens(reflection.typeParameters, ctx),
    ...heritage(reflection.extendedTypes, 'extends', ctx),
    ...heritage(reflection.implementedTypes, 'implements', ctx),
  ];
  return (
    <>
      {/* The head line says more than the title only with type parameters or heritage. */}
      {reflection.typeParameters?.length || reflection.extendedTypes?.length || reflection.implementedTypes?.length || reflection.flags.isAbstract ? (
        <CodeBlock tokens={head} owner={reflection} />
      ) : null}
      <DeprecationNotice comment={reflection.comment} owner={reflection} />
      <CommentSummary comment={reflection.comment} owner={reflection} />
      <TypeParametersSection reflection={reflection} />
      {constructors.map((constructor) => (
        <section key={constructor.id} className="api-section api-constructor">
          <Heading depth={2} text="Constructor" />
          {(constructor.signatures ?? []).map((signature) => (
            <div key={signature.id}>
              {/* The class's type parameters are listed once, for the class. */}
              <SignatureBlock signature={{ ...signature, name: reflection.name, typeParameters: undefined }} keyword="new" />
              <SignatureDetails signature={{ ...signature, typeParameters: undefined }} depth={3} />
            </div>
          ))}
        </section>
      ))}
      {reflection.signatures?.length ? <CallSignatures signatures={reflection.signatures} /> : null}
      {properties.length || reflection.indexSignatures?.length ? (
        <section className="api-section">
          <Heading depth={2} text="Properties" />
          <MembersTable members={properties} indexSignatures={reflection.indexSignatures} />
        </section>
      ) : null}
      <Methods methods={methods} />
      <Hierarchy reflection={reflection} />
      <CommentTags comment={reflection.comment} owner={reflection} depth={2} />
    </>
  );
}

function TypeAliasBody({ reflection }: { reflection: JsonDeclaration }) {
  const ctx = useTypeContext();
  const layout = { multiline: true, indent: 0 };
  const value = reflection.type ? typeTokens(reflection.type, ctx, layout) : declarationTypeTokens(reflection, ctx, layout);
  const tokens: Token[] = [kw('type '), name(reflection.name), ...typeParameterTokens(reflection.typeParameters, ctx), { text: ' = ', cls: 'op' }, ...value];
  return (
    <>
      <CodeBlock tokens={tokens} owner={reflection} />
      <DeprecationNotice comment={reflection.comment} owner={reflection} />
      <CommentSummary comment={reflection.comment} owner={reflection} />
      <TypeParametersSection reflection={reflection} />
      <TypeShape reflection={reflection} type={reflection.type} />
      <CommentTags comment={reflection.comment} owner={reflection} depth={2} />
    </>
  );
}

function VariableBody({ reflection }: { reflection: JsonDeclaration }) {
  const ctx = useTypeContext();
  // A short initializer is shown after the type, unless the type already is that literal.
  const value =
    reflection.defaultValue && reflection.defaultValue !== '...' && reflection.defaultValue.length <= 80 && reflection.type?.type !== 'literal'
      ? reflection.defaultValue
      : undefined;
  const tokens: Token[] = [
    kw(reflection.flags.isConst ? 'const ' : 'let '),
    { text: reflection.name, cls: 'prop' },
    punct(': '),
    ...typeTokens(reflection.type, ctx, { multiline: true, indent: 0 }),
    ...(value ? [{ text: ' = ', cls: 'op' as const }, { text: value }] : []),
  ];
  const comment = primaryComment(reflection);
  return (
    <>
      <CodeBlock tokens={tokens} owner={reflection} />
      <DeprecationNotice comment={comment} owner={reflection} />
      <CommentSummary comment={comment} owner={reflection} />
      <TypeShape reflection={reflection} type={reflection.type} />
      <CommentTags comment={reflection.comment} owner={reflection} depth={2} />
    </>
  );
}

function EnumBody({ reflection }: { reflection: JsonDeclaration }) {
  return (
    <>
      <DeprecationNotice comment={reflection.comment} owner={reflection} />
      <CommentSummary comment={reflection.comment} owner={reflection} />
      <section className="api-section">
        <Heading depth={2} text="Members" />
        <EnumMembersTable members={reflection.children ?? []} />
      </section>
      <CommentTags comment={reflection.comment} owner={reflection} depth={2} />
    </>
  );
}

function NamespaceBody({ reflection }: { reflection: JsonDeclaration }) {
  const collector = useCollector();
  return (
    <>
      <CommentSummary comment={reflection.comment} owner={reflection} />
      <ExportTables page={collector.page} />
      <CommentTags comment={reflection.comment} owner={reflection} depth={2} />
    </>
  );
}

/** The body of one export's page, by kind. */
export function DeclarationBody({ reflection }: { reflection: JsonDeclaration }) {
  let body;
  switch (reflection.kind) {
    case Kind.Function:
      body = <FunctionBody reflection={reflection} />;
      break;
    case Kind.Class:
    case Kind.Interface:
      body = <ClassOrInterfaceBody reflection={reflection} />;
      break;
    case Kind.TypeAlias:
      body = <TypeAliasBody reflection={reflection} />;
      break;
    case Kind.Variable:
      body = <VariableBody reflection={reflection} />;
      break;
    case Kind.Enum:
      body = <EnumBody reflection={reflection} />;
      break;
    default:
      body = <NamespaceBody reflection={reflection} />;
  }
  return (
    <div className={`api-page api-page-${reflection.kind === Kind.Function ? 'function' : 'declaration'}`}>
      <Meta reflection={reflection} />
      {body}
    </div>
  );
}

function TypeParametersSection({ reflection }: { reflection: JsonDeclaration }) {
  if (!reflection.typeParameters?.length) return null;
  return (
    <section className="api-section">
      <Heading depth={2} text="Type parameters" />
      <TypeParametersTable typeParameters={reflection.typeParameters} owner={reflection} />
    </section>
  );
}
