import type { PageData } from '../src/shared/page-data.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { DocSidebar } from './DocSidebar.js';
import { Paginator } from './Paginator.js';
import { SmartLink } from './SmartLink.js';

/** A generated category index: the category's items as cards. */
export function DocCategoryPage({ page }: { page: PageData<'docCategory'> }) {
  const props = page.props;
  return (
    <div className="doc-layout">
      <DocSidebar />
      <main id="main-content" className="doc-main" tabIndex={-1}>
        <div className="doc-container">
          <article className="doc-article">
            <Breadcrumbs items={props.breadcrumbs} />
            <header>
              <h1 className="doc-title">{props.title}</h1>
              {props.description ? <p className="doc-lead">{props.description}</p> : null}
            </header>
            <ul className="card-grid">
              {props.cards.map((card) => (
                <li key={card.href}>
                  <SmartLink href={card.href} className="card">
                    <span className="card-title">
                      <span aria-hidden="true">{card.kind === 'category' ? '🗃️ ' : '📄️ '}</span>
                      {card.label}
                    </span>
                    <span className="card-description">
                      {card.kind === 'category' ? `${card.count ?? 0} item${card.count === 1 ? '' : 's'}` : (card.description ?? '')}
                    </span>
                  </SmartLink>
                </li>
              ))}
            </ul>
            <Paginator previous={props.previous} next={props.next} ariaLabel="Docs pages" />
          </article>
        </div>
      </main>
    </div>
  );
}
