import type { PageData } from '../src/shared/page-data.js';
import { AuthorCard } from './AuthorCard.js';
import { BlogLayout } from './BlogLayout.js';

export function BlogAuthorsPage({ page }: { page: PageData<'blogAuthors'> }) {
  return (
    <BlogLayout>
      <h1 className="doc-title">Authors</h1>
      <ul className="authors-index">
        {page.props.authors.map((author) => (
          <li key={author.key ?? author.name} className="authors-index-item">
            <AuthorCard author={author} size={56} showSocials />
            <span className="authors-count">
              {author.count} post{author.count === 1 ? '' : 's'}
            </span>
          </li>
        ))}
      </ul>
    </BlogLayout>
  );
}
