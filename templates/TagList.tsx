import type { TagData } from '../src/shared/page-data.js';
import { SmartLink } from './SmartLink.js';

export function TagList({ tags, label = 'Tags:' }: { tags: TagData[]; label?: string }) {
  if (!tags.length) return null;
  return (
    <div className="tag-list">
      <span className="tag-list-label">{label}</span>
      <ul>
        {tags.map((tag) => (
          <li key={tag.permalink}>
            <SmartLink href={tag.permalink} className="tag">
              {tag.label}
              {tag.count !== undefined ? <span className="tag-count">{tag.count}</span> : null}
            </SmartLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
