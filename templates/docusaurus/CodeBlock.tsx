/**
 * `@theme/CodeBlock`: renders a placeholder that the compile stage replaces with the same
 * highlighted block as a fenced one (shiki runs asynchronously, React renders synchronously).
 * Props: `language` (or `className="language-x"`), `title`, `metastring` (`{1,3-4}`, ...),
 * `showLineNumbers`; the children are the code.
 */
import { Children, type ReactNode } from 'react';

export const CODE_PLACEHOLDER = 'data-folio-code';

/** `title="…"` as the fence meta parser reads it (single quotes when the title holds a double one). */
function titleMeta(title: string): string {
  return title.includes('"') ? `title='${title.replace(/'/g, '’')}'` : `title="${title}"`;
}

export default function CodeBlock({
  children,
  language,
  className,
  title,
  metastring,
  showLineNumbers,
}: {
  children?: ReactNode;
  language?: string;
  className?: string;
  title?: ReactNode;
  metastring?: string;
  showLineNumbers?: boolean | number;
}) {
  const lang = language ?? /(?:^|\s)language-(\S+)/.exec(className ?? '')?.[1] ?? '';
  const code = Children.toArray(children)
    .map((child) => (typeof child === 'string' || typeof child === 'number' ? String(child) : ''))
    .join('');
  const meta = [metastring ?? '', title ? titleMeta(String(title)) : '', showLineNumbers ? 'showLineNumbers' : ''].filter(Boolean).join(' ');
  return <pre {...{ [CODE_PLACEHOLDER]: JSON.stringify({ lang, meta }) }}>{code}</pre>;
}
