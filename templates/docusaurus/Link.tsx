/**
 * `@docusaurus/Link`: `to` or `href`. An internal path is written as given: in an MDX body the
 * compile stage records a literal `to`/`href` as a link of the page, so it gets the base URL,
 * resolves `.md` files and is checked like a markdown link. External links open in a new tab.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { isExternal } from '../../src/shared/url.js';

export default function Link({
  to,
  href,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { to?: string; children?: ReactNode; isNavLink?: boolean; activeClassName?: string }) {
  const { isNavLink: _nav, activeClassName: _active, ...attributes } = rest as typeof rest & { isNavLink?: boolean; activeClassName?: string };
  const target = to ?? href ?? '';
  if (isExternal(target)) {
    return (
      <a href={target} target="_blank" rel="noopener noreferrer" {...attributes}>
        {children}
      </a>
    );
  }
  return (
    <a href={target} {...attributes}>
      {children}
    </a>
  );
}
