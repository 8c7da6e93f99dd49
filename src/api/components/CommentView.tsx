import { KNOWN_BLOCK_TAGS, blockTags, exampleMarkdown, partsToMarkdown } from '../comment.js';
import { useCollector } from '../page-collector.js';
import type { JsonComment, JsonDeclaration, JsonSignature } from '../reflection-kinds.js';
import { Heading, type HeadingDepth } from './Heading.js';
import { Markdown } from './Markdown.js';

type Owner = Pick<JsonDeclaration, 'sources'> | Pick<JsonSignature, 'sources'> | undefined;

function useLinks() {
  const collector = useCollector();
  return { hrefFor: (id: number) => collector.targetOf(id) };
}

/** The summary and `@remarks` of a comment. */
export function CommentSummary({ comment, owner }: { comment: JsonComment | undefined; owner?: Owner }) {
  const links = useLinks();
  if (!comment) return null;
  const remarks = blockTags(comment, '@remarks').map((tag) => partsToMarkdown(tag.content, links));
  return <Markdown markdown={[partsToMarkdown(comment.summary, links), ...remarks].filter(Boolean).join('\n\n')} owner={owner} />;
}

/** `@deprecated` as a warning admonition. */
export function DeprecationNotice({ comment, owner }: { comment: JsonComment | undefined; owner?: Owner }) {
  const links = useLinks();
  const [tag] = blockTags(comment, '@deprecated');
  if (!tag) return null;
  const text = partsToMarkdown(tag.content, links);
  return (
    <div className="admonition admonition-warning api-deprecated" role="note">
      <div className="admonition-heading">Deprecated</div>
      <div className="admonition-content">
        {text ? <Markdown markdown={text} owner={owner} className="api-doc" /> : <p>This API is deprecated and may be removed in a future version.</p>}
      </div>
    </div>
  );
}

/** The description of a table row: summary, remarks, `@deprecated`, `@defaultValue` and examples, compact. */
export function CellDescription({ comment, owner, extra = '' }: { comment: JsonComment | undefined; owner?: Owner; extra?: string }) {
  const links = useLinks();
  if (!comment && !extra) return null;
  const parts: string[] = [];
  const deprecated = blockTags(comment, '@deprecated')[0];
  if (deprecated) parts.push(`**Deprecated.** ${partsToMarkdown(deprecated.content, links)}`.trim());
  parts.push(partsToMarkdown(comment?.summary, links));
  for (const tag of blockTags(comment, '@remarks')) parts.push(partsToMarkdown(tag.content, links));
  if (extra) parts.push(extra);
  for (const tag of blockTags(comment, '@example')) parts.push(exampleMarkdown(tag.content, links));
  for (const tag of blockTags(comment, '@see')) parts.push(`See ${partsToMarkdown(tag.content, links)}`);
  return <Markdown markdown={parts.filter(Boolean).join('\n\n')} owner={owner} className="api-doc api-cell-doc" />;
}

function titleOf(tag: string): string {
  const name = tag.replace(/^@/, '');
  return (
    name.charAt(0).toUpperCase() +
    name
      .slice(1)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
  );
}

/** `@throws`, `@example`, `@see` and any other block tags, as sections at `depth`. */
export function CommentTags({ comment, owner, depth }: { comment: JsonComment | undefined; owner?: Owner; depth: HeadingDepth }) {
  const links = useLinks();
  if (!comment) return null;
  const throws = blockTags(comment, '@throws');
  const examples = blockTags(comment, '@example');
  const see = blockTags(comment, '@see');
  const others = (comment.blockTags ?? []).filter((tag) => !KNOWN_BLOCK_TAGS.has(tag.tag));
  const sub = Math.min(depth + 1, 6) as HeadingDepth;
  return (
    <>
      {throws.length ? (
        <section className="api-section api-throws">
          <Heading depth={depth} text="Throws" />
          {throws.length === 1 ? (
            <Markdown markdown={partsToMarkdown(throws[0].content, links)} owner={owner} />
          ) : (
            <Markdown markdown={throws.map((tag) => `- ${partsToMarkdown(tag.content, links).replace(/\n/g, '\n  ')}`).join('\n')} owner={owner} />
          )}
        </section>
      ) : null}
      {examples.length ? (
        <section className="api-section api-examples">
          <Heading depth={depth} text={examples.length > 1 ? 'Examples' : 'Example'} />
          {examples.map((tag, index) => (
            <div key={index} className="api-example">
              {tag.name ? <Heading depth={sub} text={tag.name} /> : null}
              <Markdown markdown={exampleMarkdown(tag.content, links)} owner={owner} />
            </div>
          ))}
        </section>
      ) : null}
      {see.length ? (
        <section className="api-section api-see">
          <Heading depth={depth} text="See also" />
          <Markdown
            markdown={see.map((tag) => `- ${partsToMarkdown(tag.content, links).replace(/^-\s*/, '').replace(/\n/g, '\n  ')}`).join('\n')}
            owner={owner}
          />
        </section>
      ) : null}
      {others.map((tag, index) => (
        <section key={index} className="api-section api-tag">
          <Heading depth={depth} text={titleOf(tag.tag)} />
          <Markdown markdown={partsToMarkdown(tag.content, links)} owner={owner} />
        </section>
      ))}
    </>
  );
}
