/**
 * `@docusaurus/Link`: `to` or `href`. In an MDX body an internal path is written as given: the
 * compile stage records a literal `to`/`href` as a link of the page, so it gets the base URL,
 * resolves `.md` files and is checked like a markdown link. In a `.tsx` page (inside the shell)
 * it gets the base URL here. External links open in a new tab.
 */
import { type AnchorHTMLAttributes, type ReactNode, useContext } from 'react';
import { isExternal, withBase } from '../../src/shared/url.js';
import { MdxSiteContext, useMdxSite } from './context.js';

export default function Link({
  to,
  href,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { to?: string; children?: ReactNode; isNavLink?: boolean; activeClassName?: string }) {
  const { isNavLink: _nav, activeClassName: _active, ...attributes } = rest as typeof rest & { isNavLink?: boolean; activeClassName?: string };
  const inMdx = useContext(MdxSiteContext) !== null;
  const site = useMdxSite();
  const given = to ?? href ?? '';
  const target = inMdx ? given : withBase(site.baseUrl, given);
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
