import { useCollector } from '../page-collector.js';
import type { JsonDeclaration, JsonSignature } from '../reflection-kinds.js';

type Owner = Pick<JsonDeclaration, 'sources'> | Pick<JsonSignature, 'sources'> | undefined;

/** A doc comment fragment: compiled as markdown after the page renders (same pipeline as any content). */
export function Markdown({ markdown, owner, className = 'api-doc' }: { markdown: string; owner?: Owner; className?: string }) {
  const collector = useCollector();
  if (!markdown.trim()) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: collector.markdown(markdown, owner) }} />;
}
