import type { LinkData } from '../src/shared/page-data.js';
import { SmartLink } from './SmartLink.js';

/** Previous / next links at the foot of a page. */
export function Paginator({
  previous,
  next,
  previousLabel = 'Previous',
  nextLabel = 'Next',
  ariaLabel = 'Pages',
}: {
  previous?: LinkData;
  next?: LinkData;
  previousLabel?: string;
  nextLabel?: string;
  ariaLabel?: string;
}) {
  if (!previous && !next) return null;
  return (
    <nav className="paginator" aria-label={ariaLabel}>
      {previous ? (
        <SmartLink href={previous.href} className="paginator-link paginator-prev">
          <span className="paginator-sub">« {previousLabel}</span>
          <span className="paginator-label">{previous.label}</span>
        </SmartLink>
      ) : (
        <span />
      )}
      {next ? (
        <SmartLink href={next.href} className="paginator-link paginator-next">
          <span className="paginator-sub">{nextLabel} »</span>
          <span className="paginator-label">{next.label}</span>
        </SmartLink>
      ) : null}
    </nav>
  );
}
