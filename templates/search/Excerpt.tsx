import type { ExcerptPart } from '../../src/shared/search/engine.js';

/** An excerpt with the query's words in <mark> (text nodes only: nothing from the index is parsed as HTML). */
export function Excerpt({ parts }: { parts: ExcerptPart[] }) {
  if (!parts.length) return null;
  return <span className="search-excerpt">{parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}</span>;
}
