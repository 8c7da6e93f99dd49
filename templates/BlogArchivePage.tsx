import type { PageData } from '../src/shared/page-data.js';
import { BlogLayout } from './BlogLayout.js';
import { SmartLink } from './SmartLink.js';

export function BlogArchivePage({ page }: { page: PageData<'blogArchive'> }) {
  return (
    <BlogLayout>
      <h1 className="doc-title">Archive</h1>
      <p className="doc-lead">Every post, newest first.</p>
      {page.props.years.map((year) => (
        <section key={year.year} className="archive-year">
          <h2>{year.year}</h2>
          <ul className="archive-list">
            {year.posts.map((post) => (
              <li key={post.permalink}>
                <time dateTime={post.date}>{post.formattedDate}</time>
                <SmartLink href={post.permalink}>{post.title}</SmartLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </BlogLayout>
  );
}
