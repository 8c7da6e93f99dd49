import type { DocProps, PageData } from '../src/shared/page-data.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { DocSidebar } from './DocSidebar.js';
import { EditLink } from './EditLink.js';
import { MarkdownBody } from './MarkdownBody.js';
import { Paginator } from './Paginator.js';
import { TableOfContents } from './TableOfContents.js';

/** A docs page: sidebar, breadcrumbs, title, body, edit link, previous/next and the table of contents. */
export function DocPage({ page }: { page: PageData<'doc'> }) {
  const props: DocProps = page.props;
  return (
    <div className="doc-layout">
      <DocSidebar />
      <main id="main-content" className="doc-main" tabIndex={-1}>
        <div className="doc-container">
          <article className="doc-article">
            <Breadcrumbs items={props.breadcrumbs} />
            {props.version ? <span className="badge version-badge">Version: {props.version}</span> : null}
            {props.toc.length ? (
              <details className="toc-mobile">
                <summary>On this page</summary>
                <TableOfContents items={props.toc} landmark={false} />
              </details>
            ) : null}
            {props.hideTitle ? null : (
              <header>
                <h1 className="doc-title">{props.title}</h1>
              </header>
            )}
            <MarkdownBody html={page.bodyHtml ?? ''} />
            <footer className="doc-footer">
              <EditLink href={props.editUrl} />
            </footer>
            <Paginator previous={props.previous} next={props.next} ariaLabel="Docs pages" />
          </article>
          <div className="doc-toc">
            <TableOfContents items={props.toc} className="toc-sticky" />
          </div>
        </div>
      </main>
    </div>
  );
}
