import type { TocItem } from '../src/shared/page-data.js';

/**
 * "On this page": the page's headings, nested by level. A page has one
 * "On this page" landmark: the copy inside the mobile disclosure is not one
 * (`landmark={false}`; its summary names it), so landmarks stay unique.
 */
export function TableOfContents({ items, className = '', landmark = true }: { items: TocItem[]; className?: string; landmark?: boolean }) {
  if (!items.length) return null;
  const min = Math.min(...items.map((item) => item.depth));
  const Box = landmark ? 'nav' : 'div';
  return (
    <Box className={`toc ${className}`} {...(landmark ? { 'aria-label': 'On this page' } : {})}>
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
    </Box>
  );
}
