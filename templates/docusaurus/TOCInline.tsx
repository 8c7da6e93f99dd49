/**
 * `@theme/TOCInline`: the page's headings as a nested list. MDX pages get a `toc` export (the
 * compile stage adds it, as Docusaurus does), so `<TOCInline toc={toc} />` works unchanged.
 */
export interface TocItem {
  value: string;
  id: string;
  level: number;
}

interface Node {
  item: TocItem;
  children: Node[];
}

function nest(items: TocItem[]): Node[] {
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const item of items) {
    const node = { item, children: [] };
    while (stack.length && stack[stack.length - 1].item.level >= item.level) stack.pop();
    (stack.length ? stack[stack.length - 1].children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

function List({ nodes }: { nodes: Node[] }) {
  return (
    <ul>
      {nodes.map(({ item, children }) => (
        <li key={item.id}>
          <a href={`#${item.id}`}>{item.value}</a>
          {children.length ? <List nodes={children} /> : null}
        </li>
      ))}
    </ul>
  );
}

export default function TOCInline({
  toc = [],
  minHeadingLevel = 2,
  maxHeadingLevel = 3,
  className,
}: {
  toc?: readonly TocItem[];
  minHeadingLevel?: number;
  maxHeadingLevel?: number;
  className?: string;
}) {
  const items = toc.filter((item) => item.level >= minHeadingLevel && item.level <= maxHeadingLevel);
  if (!items.length) return null;
  return (
    <nav className={`toc-inline ${className ?? ''}`.trim()} aria-label="On this page">
      <List nodes={nest(items)} />
    </nav>
  );
}
