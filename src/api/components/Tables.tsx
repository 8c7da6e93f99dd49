import type { ReactNode } from 'react';
import { blockTags, partsToMarkdown } from '../comment.js';
import { useCollector } from '../page-collector.js';
import { Kind, type JsonDeclaration, type JsonParameter, type JsonTypeParameter } from '../reflection-kinds.js';
import { memberName, typeTokens, type TypeContext } from '../type-tokens.js';
import { CellDescription } from './CommentView.js';
import { InlineType } from './Tokens.js';

function useTypes(): TypeContext {
  const collector = useCollector();
  return { hrefFor: (id) => collector.targetOf(id) };
}

function Table({ head, children, className }: { head: string[]; children: ReactNode; className: string }) {
  return (
    // Focusable and named, so a keyboard reader can scroll a table wider than the screen.
    <div className="table-wrap" tabIndex={0} role="group" aria-label={`Table: ${head.join(', ')}`}>
      <table className={`api-table ${className}`}>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function Badge({ children, tone = 'neutral' }: { children: ReactNode; tone?: 'neutral' | 'warn' | 'info' }) {
  return <span className={`api-badge api-badge-${tone}`}>{children}</span>;
}

function flagBadges(flags: JsonDeclaration['flags'], deprecated: boolean): ReactNode[] {
  const badges: ReactNode[] = [];
  if (flags.isStatic) badges.push(<Badge key="static">static</Badge>);
  if (flags.isReadonly) badges.push(<Badge key="readonly">readonly</Badge>);
  if (flags.isAbstract) badges.push(<Badge key="abstract">abstract</Badge>);
  if (flags.isProtected) badges.push(<Badge key="protected">protected</Badge>);
  if (flags.isOptional)
    badges.push(
      <Badge key="optional" tone="info">
        optional
      </Badge>,
    );
  if (flags.isInherited) badges.push(<Badge key="inherited">inherited</Badge>);
  if (deprecated)
    badges.push(
      <Badge key="deprecated" tone="warn">
        deprecated
      </Badge>,
    );
  return badges;
}

function defaultOf(member: { comment?: JsonDeclaration['comment']; defaultValue?: string }, hrefFor: (id: number) => string | undefined): string | undefined {
  const tag = blockTags(member.comment, '@defaultValue')[0] ?? blockTags(member.comment, '@default')[0];
  if (tag) {
    const text = partsToMarkdown(tag.content, { hrefFor });
    return /^\s*(```|`)/.test(text) || !text ? text : `\`${text}\``;
  }
  if (member.defaultValue !== undefined && member.defaultValue !== '...') return `\`${member.defaultValue.replace(/`/g, '')}\``;
  return undefined;
}

/** Whether a row has anything for the Description column. */
function described(member: { comment?: JsonDeclaration['comment']; defaultValue?: string }, hrefFor: (id: number) => string | undefined): boolean {
  const comment = member.comment;
  return Boolean(comment?.summary.length || comment?.blockTags?.some((tag) => tag.tag !== '@category' && tag.tag !== '@group') || defaultOf(member, hrefFor));
}

/** `**Default:** value` for the description cell, from `@defaultValue` or the declared default. */
function defaultLine(member: { comment?: JsonDeclaration['comment']; defaultValue?: string }, hrefFor: (id: number) => string | undefined): string {
  const value = defaultOf(member, hrefFor);
  if (!value) return '';
  return /^\s*(```|~~~)/.test(value) ? `**Default:**\n\n${value}` : `**Default:** ${value}`;
}

/** Parameters of a signature: name, type, default and description; an options object's properties as `name.prop` rows. */
export function ParametersTable({
  parameters,
  owner,
}: {
  parameters: readonly JsonParameter[];
  owner?: JsonDeclaration | { sources?: JsonDeclaration['sources'] };
}) {
  const ctx = useTypes();
  const rows: { key: string; label: ReactNode; param: JsonParameter | JsonDeclaration; nested: boolean }[] = [];
  for (const parameter of parameters) {
    const optional = parameter.flags.isOptional || (parameter.defaultValue !== undefined && !parameter.flags.isRest);
    const name = `${parameter.flags.isRest ? '...' : ''}${parameter.name}${optional ? '?' : ''}`;
    rows.push({ key: parameter.name, label: name, param: parameter, nested: false });
    const type = parameter.type;
    if (type?.type === 'reflection' && type.declaration.children?.length && !type.declaration.signatures?.length) {
      for (const child of type.declaration.children) {
        rows.push({
          key: `${parameter.name}.${child.name}`,
          label: `${parameter.name}.${memberName(child.name)}${child.flags.isOptional ? '?' : ''}`,
          param: child,
          nested: true,
        });
      }
    }
  }
  const withDescriptions = rows.some((row) => described(row.param, ctx.hrefFor));
  return (
    <Table head={withDescriptions ? ['Parameter', 'Type', 'Description'] : ['Parameter', 'Type']} className="api-parameters">
      {rows.map((row) => (
        <tr key={row.key} className={row.nested ? 'api-nested-row' : undefined}>
          <td className="api-name-cell">
            <code>{row.label}</code>
          </td>
          <td className="api-type-cell">
            <InlineType tokens={typeTokens(row.param.type, ctx)} owner={owner} />
          </td>
          {withDescriptions ? (
            <td>
              <CellDescription comment={row.param.comment} owner={owner} extra={defaultLine(row.param, ctx.hrefFor)} />
            </td>
          ) : null}
        </tr>
      ))}
    </Table>
  );
}

export function TypeParametersTable({
  typeParameters,
  owner,
}: {
  typeParameters: readonly JsonTypeParameter[];
  owner?: { sources?: JsonDeclaration['sources'] };
}) {
  const ctx = useTypes();
  const hasConstraint = typeParameters.some((parameter) => parameter.type);
  const hasDefault = typeParameters.some((parameter) => parameter.default);
  const withDescriptions = typeParameters.some((parameter) => parameter.comment?.summary.length);
  const head = ['Type parameter', ...(hasConstraint ? ['Constraint'] : []), ...(hasDefault ? ['Default'] : []), ...(withDescriptions ? ['Description'] : [])];
  return (
    <Table head={head} className="api-type-parameters">
      {typeParameters.map((parameter) => (
        <tr key={parameter.name}>
          <td className="api-name-cell">
            <code>{parameter.name}</code>
          </td>
          {hasConstraint ? (
            <td className="api-type-cell">{parameter.type ? <InlineType tokens={typeTokens(parameter.type, ctx)} owner={owner} /> : '—'}</td>
          ) : null}
          {hasDefault ? (
            <td className="api-type-cell">{parameter.default ? <InlineType tokens={typeTokens(parameter.default, ctx)} owner={owner} /> : '—'}</td>
          ) : null}
          {withDescriptions ? (
            <td>
              <CellDescription comment={parameter.comment} owner={owner} />
            </td>
          ) : null}
        </tr>
      ))}
    </Table>
  );
}

/** Properties (and accessors, index signatures) of an interface, class or object type, one anchored row each. */
export function MembersTable({
  members,
  indexSignatures = [],
}: {
  members: readonly JsonDeclaration[];
  indexSignatures?: NonNullable<JsonDeclaration['indexSignatures']>;
}) {
  const ctx = useTypes();
  const collector = useCollector();
  const withDescriptions =
    members.some((member) => described(member, ctx.hrefFor) || Boolean(member.getSignature?.comment)) || indexSignatures.some((signature) => signature.comment);
  return (
    <Table head={withDescriptions ? ['Property', 'Type', 'Description'] : ['Property', 'Type']} className="api-members">
      {indexSignatures.map((signature) => {
        const parameter = signature.parameters?.[0];
        return (
          <tr key={`index-${signature.id}`}>
            <td className="api-name-cell">
              <code>
                [{parameter?.name ?? 'key'}: <InlineTypeText tokens={typeTokens(parameter?.type, ctx)} />]
              </code>
            </td>
            <td className="api-type-cell">
              <InlineType tokens={typeTokens(signature.type, ctx)} owner={signature} />
            </td>
            {withDescriptions ? (
              <td>
                <CellDescription comment={signature.comment} owner={signature} />
              </td>
            ) : null}
          </tr>
        );
      })}
      {members.map((member) => {
        const anchor = collector.page.anchors.get(member.id);
        const type = member.kind === Kind.Accessor ? (member.getSignature?.type ?? member.setSignature?.parameters?.[0]?.type) : member.type;
        const comment = member.comment ?? member.getSignature?.comment ?? member.setSignature?.comment;
        const flags = member.kind === Kind.Accessor && !member.setSignature ? { ...member.flags, isReadonly: true } : member.flags;
        return (
          <tr key={member.id} id={anchor}>
            <td className="api-name-cell">
              <code className="api-member-name">{memberName(member.name)}</code>
              <span className="api-badges">{flagBadges(flags, blockTags(comment, '@deprecated').length > 0)}</span>
            </td>
            <td className="api-type-cell">
              <InlineType tokens={typeTokens(type, ctx)} owner={member} />
            </td>
            {withDescriptions ? (
              <td>
                <CellDescription comment={comment} owner={member} extra={defaultLine(member, ctx.hrefFor)} />
              </td>
            ) : null}
          </tr>
        );
      })}
    </Table>
  );
}

function InlineTypeText({ tokens }: { tokens: ReturnType<typeof typeTokens> }) {
  return <>{tokens.map((token) => token.text).join('')}</>;
}

/** Members of an enumeration with their values. */
export function EnumMembersTable({ members }: { members: readonly JsonDeclaration[] }) {
  const ctx = useTypes();
  const collector = useCollector();
  return (
    <Table head={['Member', 'Value', 'Description']} className="api-members api-enum-members">
      {members.map((member) => (
        <tr key={member.id} id={collector.page.anchors.get(member.id)}>
          <td className="api-name-cell">
            <code className="api-member-name">{memberName(member.name)}</code>
            <span className="api-badges">{flagBadges({}, blockTags(member.comment, '@deprecated').length > 0)}</span>
          </td>
          <td className="api-type-cell">{member.type ? <InlineType tokens={typeTokens(member.type, ctx)} owner={member} /> : '—'}</td>
          <td>
            <CellDescription comment={member.comment} owner={member} />
          </td>
        </tr>
      ))}
    </Table>
  );
}
