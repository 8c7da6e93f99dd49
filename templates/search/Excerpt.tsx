import type { ExcerptPart } from '../../src/shared/search/engine.js';

/**
 * An excerpt with the query's words in <mark> (text nodes only: nothing from the index is parsed
 * as HTML). null: the text is on its way (the results were shown from the heads first); its
 * place is kept, empty, so the list does not jump when it comes.
 */
export function Excerpt({ parts }: { parts: ExcerptPart[] | null }) {
  if (parts === null) return <span className="search-excerpt search-excerpt-pending" aria-hidden="true" />;
  if (!parts.length) return null;
  return <span className="search-excerpt">{parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}</span>;
}
