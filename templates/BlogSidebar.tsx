import { useSite, usePath } from './context.js';
import { isCurrent } from './paths.js';
import { SmartLink } from './SmartLink.js';

/** Recent posts, the archive and the feeds. */
export function BlogSidebar() {
  const site = useSite();
  const path = usePath();
  const blog = site.blog;
  if (!blog) return null;
  return (
    <aside className="blog-sidebar" aria-label="Blog sidebar">
      <nav aria-label="Recent posts">
        <h2 className="blog-sidebar-title">{blog.sidebarTitle}</h2>
        <ul>
          {blog.recent.map((post) => {
            const active = isCurrent(post.href, path);
            return (
              <li key={post.href}>
                <SmartLink href={post.href} className={`blog-sidebar-link${active ? ' active' : ''}`} {...(active ? { 'aria-current': 'page' as const } : {})}>
                  {post.label}
                </SmartLink>
              </li>
            );
          })}
        </ul>
        <ul className="blog-sidebar-more">
          <li>
            <SmartLink href={`${blog.routeBase}/archive`}>Archive</SmartLink>
          </li>
          <li>
            <SmartLink href={`${blog.routeBase}/tags`}>Tags</SmartLink>
          </li>
          <li>
            <SmartLink href={`${blog.routeBase}/authors`}>Authors</SmartLink>
          </li>
          {blog.feeds.rss ? (
            <li>
              <a href={blog.feeds.rss} className="feed-link" data-no-spa="">
                RSS feed
              </a>
            </li>
          ) : null}
        </ul>
      </nav>
    </aside>
  );
}
