import type { PageData } from '../src/shared/page-data.js';
import { AuthorAvatar } from './AuthorAvatar.js';
import { AuthorCard, AuthorSocials } from './AuthorCard.js';
import { BlogLayout } from './BlogLayout.js';
import { Paginator } from './Paginator.js';
import { PostMeta } from './PostMeta.js';
import { SmartLink } from './SmartLink.js';
import { TagList } from './TagList.js';

/** The blog list, a tag's posts or an author's posts, one page of them. */
export function BlogListPage({ page }: { page: PageData<'blogList'> }) {
  const props = page.props;
  const { pagination } = props;
  return (
    <BlogLayout>
      <header className="blog-list-header">
        {props.kind === 'author' && props.author ? (
          <div className="author-hero">
            <AuthorAvatar author={props.author} size={72} />
            <div>
              <h1 className="doc-title">{props.author.name}</h1>
              {props.author.title ? <p className="doc-lead">{props.author.title}</p> : null}
              <p className="authors-count">
                {props.pagination.totalItems} post{props.pagination.totalItems === 1 ? '' : 's'}
              </p>
              {props.author.socials ? <AuthorSocials socials={props.author.socials} /> : null}
            </div>
          </div>
        ) : (
          <>
            <h1 className="doc-title">{props.heading}</h1>
            {props.description ? <p className="doc-lead">{props.description}</p> : null}
          </>
        )}
        {props.indexLink ? <SmartLink href={props.indexLink.href}>{props.indexLink.label}</SmartLink> : null}
        {pagination.totalPages > 1 ? (
          <p className="blog-page-count">
            Page {pagination.page} of {pagination.totalPages}
          </p>
        ) : null}
      </header>
      <div className="post-list">
        {props.posts.map((post) => (
          <article key={post.permalink} className="post-item">
            <header>
              <h2 className="post-item-title">
                <SmartLink href={post.permalink}>{post.title}</SmartLink>
              </h2>
              <PostMeta date={post.date} formattedDate={post.formattedDate} readingTime={post.readingTime} />
              <div className="post-authors">
                {post.authors.map((author) => (
                  <AuthorCard key={author.name} author={author} size={36} />
                ))}
              </div>
            </header>
            <div className="markdown post-excerpt" dangerouslySetInnerHTML={{ __html: post.excerptHtml }} />
            <footer className="post-item-footer">
              <TagList tags={post.tags} />
              {post.truncated ? (
                <SmartLink href={post.permalink} className="read-more" aria-label={`Read more about ${post.title}`}>
                  Read more
                </SmartLink>
              ) : null}
            </footer>
          </article>
        ))}
      </div>
      <Paginator
        previous={pagination.previous ? { label: 'Newer entries', href: pagination.previous } : undefined}
        next={pagination.next ? { label: 'Older entries', href: pagination.next } : undefined}
        previousLabel="Newer"
        nextLabel="Older"
        ariaLabel="Blog list pages"
      />
    </BlogLayout>
  );
}
