import type { ReactNode } from 'react';
import { useCollector } from '../page-collector.js';

/** A section heading with an id (listed in the table of contents at levels 2–3) and a # link, like markdown headings. */
export type HeadingDepth = 2 | 3 | 4 | 5 | 6;

export function Heading({ depth, text, children }: { depth: HeadingDepth; text: string; children?: ReactNode }) {
  const collector = useCollector();
  const id = collector.heading(depth, text);
  const Tag = `h${depth}` as const;
  return (
    <Tag id={id} className="anchor">
      {children ?? text}
      <a className="hash-link" href={`#${id}`} aria-label={`Direct link to ${text}`}>
        #
      </a>
    </Tag>
  );
}
