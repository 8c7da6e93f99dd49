import type { PageData } from '../src/shared/page-data.js';
import { MarkdownBody } from './MarkdownBody.js';
import { TableOfContents } from './TableOfContents.js';

/** A free-standing markdown page (content/pages/*.md): no sidebar. */
export function MdPage({ page }: { page: PageData<'mdPage'> }) {
  const props = page.props;
  return (
    <main id="main-content" className="page-main" tabIndex={-1}>
      <div className="page-container">
        <article className="doc-article">
          <h1 className="doc-title">{props.title}</h1>
          <MarkdownBody html={page.bodyHtml ?? ''} />
        </article>
        {props.hideToc ? null : (
          <div className="doc-toc">
            <TableOfContents items={props.toc} className="toc-sticky" />
          </div>
        )}
      </div>
    </main>
  );
}
