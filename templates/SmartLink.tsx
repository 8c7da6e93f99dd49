import type { ReactNode } from 'react';
import { isExternal, withBase } from '../src/shared/url.js';
import { useSite } from './context.js';
import { Icon } from './Icons.js';

/** A link: internal paths get the base URL; external ones open in a new tab with an icon. */
export function SmartLink({
  href,
  children,
  className,
  showExternalIcon = true,
  ...rest
}: {
  href: string;
  children: ReactNode;
  className?: string;
  showExternalIcon?: boolean;
  'aria-current'?: 'page';
  'aria-label'?: string;
}) {
  const site = useSite();
  if (isExternal(href)) {
    return (
      <a href={href} className={className} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        {showExternalIcon ? <Icon name="external" /> : null}
      </a>
    );
  }
  return (
    <a href={withBase(site.baseUrl, href)} className={className} {...rest}>
      {children}
    </a>
  );
}
