import type { ReactNode } from 'react';
import { BlogSidebar } from './BlogSidebar.js';

export function BlogLayout({ children, toc }: { children: ReactNode; toc?: ReactNode }) {
  return (
    <div className="blog-layout">
      <BlogSidebar />
      <main id="main-content" className="blog-main" tabIndex={-1}>
        {children}
      </main>
      {toc ? <div className="blog-toc">{toc}</div> : null}
    </div>
  );
}
