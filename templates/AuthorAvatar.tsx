import type { AuthorData } from '../src/shared/page-data.js';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0][0]}${parts[parts.length - 1][0]}` : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/**
 * An author's picture over their initials. The picture is a background
 * layer: when the external image does not load (offline, blocked), nothing
 * is drawn and the initials underneath stay visible — no broken-image icon.
 */
export function AuthorAvatar({ author, size = 40 }: { author: AuthorData; size?: number }) {
  return (
    <span className="avatar" style={{ width: size, height: size }} aria-hidden="true">
      <span className="avatar-initials">{initialsOf(author.name)}</span>
      {author.imageUrl ? <span className="avatar-image" style={{ backgroundImage: `url(${JSON.stringify(author.imageUrl)})` }} /> : null}
    </span>
  );
}
