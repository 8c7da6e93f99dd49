/**
 * The page body: HTML pre-rendered at build time (markdown, highlighted
 * code). React never re-renders its inside; hydration keeps the server DOM.
 */
export function MarkdownBody({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`markdown ${className}`} data-folio-body="" dangerouslySetInnerHTML={{ __html: html }} />;
}
