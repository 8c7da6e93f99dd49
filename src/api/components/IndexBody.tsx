import { useCollector } from '../page-collector.js';
import { ExportTables } from './ExportTables.js';

/** The API index: the readme (compiled beforehand), then every export by group. */
export function IndexBody({ readmeHtml }: { readmeHtml?: string }) {
  const collector = useCollector();
  return (
    <div className="api-page api-index">
      {readmeHtml ? <div className="api-readme" dangerouslySetInnerHTML={{ __html: readmeHtml }} /> : null}
      <ExportTables page={collector.page} />
    </div>
  );
}
