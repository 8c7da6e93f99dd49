import type { PageData } from '../src/shared/page-data.js';
import { SmartLink } from './SmartLink.js';

export function NotFoundPage({ page }: { page: PageData<'notFound'> }) {
  return (
    <main id="main-content" className="page-main not-found" tabIndex={-1}>
      <div className="page-container narrow">
        <h1 className="doc-title">{page.props.title}</h1>
        <p>We could not find what you were looking for.</p>
        <p>
          The page may have moved. Start again from the <SmartLink href="/">home page</SmartLink>, the <SmartLink href="/docs/">documentation</SmartLink> or the{' '}
          <SmartLink href="/blog">blog</SmartLink>.
        </p>
      </div>
    </main>
  );
}
