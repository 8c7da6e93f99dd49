import { blockTags, partsToMarkdown } from '../comment.js';
import { useCollector } from '../page-collector.js';
import type { JsonSignature } from '../reflection-kinds.js';
import { signatureTokens, typeTokens, type TypeContext } from '../type-tokens.js';
import { CommentSummary, CommentTags, DeprecationNotice } from './CommentView.js';
import { Heading, type HeadingDepth } from './Heading.js';
import { Markdown } from './Markdown.js';
import { ParametersTable, TypeParametersTable } from './Tables.js';
import { CodeBlock, InlineType } from './Tokens.js';

export function useTypeContext(): TypeContext {
  const collector = useCollector();
  return { hrefFor: (id) => collector.targetOf(id) };
}

/** A signature's code block, formatted over lines when wide. */
export function SignatureBlock({ signature, keyword, name = true }: { signature: JsonSignature; keyword?: string; name?: boolean }) {
  const ctx = useTypeContext();
  return <CodeBlock tokens={signatureTokens(signature, ctx, { arrow: false, name, keyword, layout: { multiline: true } })} owner={signature} />;
}

/** Everything about one signature below its code block: summary, type parameters, parameters, return value and tags. */
export function SignatureDetails({ signature, depth, showSummary = true }: { signature: JsonSignature; depth: HeadingDepth; showSummary?: boolean }) {
  const ctx = useTypeContext();
  const links = { hrefFor: ctx.hrefFor };
  const comment = signature.comment;
  const returns = blockTags(comment, '@returns')[0];
  const isConstructor = signature.name === 'constructor' || signature.kind === 0x4000;
  return (
    <>
      {showSummary ? (
        <>
          <DeprecationNotice comment={comment} owner={signature} />
          <CommentSummary comment={comment} owner={signature} />
        </>
      ) : null}
      {signature.typeParameters?.length ? (
        <section className="api-section">
          <Heading depth={depth} text="Type parameters" />
          <TypeParametersTable typeParameters={signature.typeParameters} owner={signature} />
        </section>
      ) : null}
      {signature.parameters?.length ? (
        <section className="api-section">
          <Heading depth={depth} text="Parameters" />
          <ParametersTable parameters={signature.parameters} owner={signature} />
        </section>
      ) : null}
      {isConstructor ? null : depth >= 4 ? (
        // Members (methods) say what they return in one line, without a heading of their own.
        <div className="api-returns api-returns-compact">
          <p className="api-returns-type">
            <span className="api-label">Returns</span>{' '}
            <InlineType tokens={typeTokens(signature.type ?? { type: 'intrinsic', name: 'void' }, ctx)} owner={signature} />
          </p>
          {returns ? <Markdown markdown={partsToMarkdown(returns.content, links)} owner={signature} /> : null}
        </div>
      ) : (
        <section className="api-section api-returns">
          <Heading depth={depth} text="Returns" />
          <p className="api-returns-type">
            <InlineType tokens={typeTokens(signature.type ?? { type: 'intrinsic', name: 'void' }, ctx)} owner={signature} />
          </p>
          {returns ? <Markdown markdown={partsToMarkdown(returns.content, links)} owner={signature} /> : null}
        </section>
      )}
      <CommentTags comment={comment} owner={signature} depth={depth} />
    </>
  );
}
