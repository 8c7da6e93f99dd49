import type { AuthorData } from '../src/shared/page-data.js';
import { AuthorAvatar } from './AuthorAvatar.js';
import { SmartLink } from './SmartLink.js';

export function AuthorCard({ author, size = 40, showSocials = false }: { author: AuthorData; size?: number; showSocials?: boolean }) {
  const href = author.permalink ?? author.url;
  return (
    <div className="author">
      <AuthorAvatar author={author} size={size} />
      <div className="author-text">
        {href ? (
          <SmartLink href={href} className="author-name" showExternalIcon={false}>
            {author.name}
          </SmartLink>
        ) : (
          <span className="author-name">{author.name}</span>
        )}
        {author.title ? <span className="author-title">{author.title}</span> : null}
        {showSocials && author.socials ? <AuthorSocials socials={author.socials} name={author.name} /> : null}
      </div>
    </div>
  );
}

const NETWORK_NAMES: Record<string, string> = { x: 'X', github: 'GitHub', linkedin: 'LinkedIn', twitter: 'Twitter', bluesky: 'Bluesky' };

/** The author's profiles (from authors.yml `socials`), each link named for a screen reader: "Jonas Lagoni on GitHub". */
export function AuthorSocials({ socials, name }: { socials: Record<string, string>; name?: string }) {
  return (
    <span className="author-socials">
      {Object.entries(socials).map(([network, url]) => {
        const label = NETWORK_NAMES[network] ?? network;
        return (
          <a
            key={network}
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="author-social"
            {...(name ? { 'aria-label': `${name} on ${label}` } : {})}
          >
            {label}
          </a>
        );
      })}
    </span>
  );
}
