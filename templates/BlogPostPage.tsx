import type { PageData } from '../src/shared/page-data.js';
import { AuthorCard } from './AuthorCard.js';
import { BlogLayout } from './BlogLayout.js';
import { EditLink } from './EditLink.js';
import { MarkdownBody } from './MarkdownBody.js';
import { Paginator } from './Paginator.js';
import { PostMeta } from './PostMeta.js';
import { TableOfContents } from './TableOfContents.js';
import { TagList } from './TagList.js';

export function BlogPostPage({ page }: { page: PageData<'blogPost'> }) {
  const { post, toc, hideToc, editUrl, previous, next } = page.props;
  return (
    <BlogLayout toc={hideToc ? undefined : <TableOfContents items={toc} className="toc-sticky" />}>
      <article className="blog-post">
        <header className="blog-post-header">
          <h1 className="doc-title">{post.title}</h1>
          <PostMeta date={post.date} formattedDate={post.formattedDate} readingTime={post.readingTime} />
          <div className="post-authors">
            {post.authors.map((author) => (
              <AuthorCard key={author.name} author={author} size={44} showSocials />
            ))}
          </div>
        </header>
        <MarkdownBody html={page.bodyHtml ?? ''} />
        <footer className="blog-post-footer">
          <TagList tags={post.tags} />
          <EditLink href={editUrl} />
        </footer>
      </article>
      <Paginator previous={previous} next={next} previousLabel="Newer post" nextLabel="Older post" ariaLabel="Blog post navigation" />
    </BlogLayout>
  );
}
