import type { PageData } from '../src/shared/page-data.js';
import { BlogLayout } from './BlogLayout.js';
import { SmartLink } from './SmartLink.js';

/** Every tag with its post count, grouped by first letter. */
export function BlogTagsPage({ page }: { page: PageData<'blogTags'> }) {
  const groups = new Map<string, typeof page.props.tags>();
  for (const tag of page.props.tags) {
    const letter = tag.label[0]?.toUpperCase() ?? '#';
    groups.set(letter, [...(groups.get(letter) ?? []), tag]);
  }
  return (
    <BlogLayout>
      <h1 className="doc-title">Tags</h1>
      <div className="tags-index">
        {[...groups.entries()].map(([letter, tags]) => (
          <section key={letter} className="tags-group">
            <h2>{letter}</h2>
            <ul>
              {tags.map((tag) => (
                <li key={tag.permalink}>
                  <SmartLink href={tag.permalink} className="tag">
                    {tag.label}
                    <span className="tag-count">{tag.count}</span>
                  </SmartLink>
                  {tag.description ? <p className="tag-description">{tag.description}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </BlogLayout>
  );
}
