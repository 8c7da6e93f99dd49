import { partsToMarkdown } from '../comment.js';
import { primaryComment, type ApiPage } from '../model.js';
import { useCollector } from '../page-collector.js';
import { Heading } from './Heading.js';
import { Markdown } from './Markdown.js';

/** First paragraph of a comment summary, as markdown. */
function firstParagraph(markdown: string): string {
  return markdown.split(/\n\s*\n/)[0]?.trim() ?? '';
}

/** Tables of the exports a page lists (the index, a namespace): one section per group. */
export function ExportTables({ page }: { page: ApiPage }) {
  const collector = useCollector();
  const links = { hrefFor: (id: number) => collector.targetOf(id) };
  return (
    <>
      {page.sections.map((section) => (
        <section key={section.group.slug} className={`api-section api-group api-group-${section.group.slug}`}>
          <Heading depth={2} text={section.group.title} />
          <div className="table-wrap" tabIndex={0} role="group" aria-label={section.group.title}>
            <table className="api-table api-exports">
              <thead>
                <tr>
                  <th scope="col">{section.group.singular}</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {section.pages.map((child) => {
                  const reflection = child.reflection!;
                  const summary = firstParagraph(partsToMarkdown(primaryComment(reflection)?.summary, links));
                  return (
                    <tr key={child.id}>
                      <td className="api-name-cell">
                        <a href={collector.href(child.path, reflection)} className="api-export-link">
                          <code>{reflection.name}</code>
                        </a>
                      </td>
                      <td>{summary ? <Markdown markdown={summary} owner={reflection} className="api-doc api-cell-doc" /> : null}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      {page.reexports.length ? (
        <section className="api-section api-group api-group-references">
          <Heading depth={2} text="References" />
          <ul className="api-references">
            {page.reexports.map((reexport) => {
              const target = collector.targetOf(reexport.target);
              return (
                <li key={reexport.name}>
                  <code>{reexport.name}</code> re-exports{' '}
                  {target ? (
                    <a href={collector.href(target)}>
                      <code>{decodeURIComponent(target.split('/').pop()!.split('#')[0])}</code>
                    </a>
                  ) : (
                    'a symbol that is not documented'
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </>
  );
}
