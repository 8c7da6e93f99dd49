import { Icon } from './Icons.js';
import { SmartLink } from './SmartLink.js';

export function Breadcrumbs({ items }: { items: { label: string; href?: string }[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <SmartLink href="/" aria-label="Home page" className="breadcrumb-home">
            <Icon name="home" />
          </SmartLink>
        </li>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.label}-${index}`} className={last ? 'active' : undefined}>
              {item.href && !last ? (
                <SmartLink href={item.href}>{item.label}</SmartLink>
              ) : (
                <span {...(last ? { 'aria-current': 'page' as const } : {})}>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
