import type { TocItem } from '../src/shared/page-data.js';

/** "On this page": the page's headings, nested by level. */
export function TableOfContents({ items, className = '' }: { items: TocItem[]; className?: string }) {
  if (!items.length) return null;
  const min = Math.min(...items.map((item) => item.depth));
  return (
    <nav className={`toc ${className}`} aria-label="On this page">
      <p className="toc-title">On this page</p>
      <ul className="toc-list">
        {items.map((item) => (
          <li key={item.id} className={`toc-item toc-depth-${item.depth - min}`}>
            <a href={`#${item.id}`} className="toc-link">
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
