import { useSite } from './context.js';
import { SmartLink } from './SmartLink.js';

export function Footer() {
  const site = useSite();
  const footer = site.footer;
  return (
    <footer className={`footer footer-${footer.style}`}>
      <div className="footer-inner">
        <div className="footer-columns">
          {footer.columns.map((column) => (
            <div className="footer-column" key={column.title}>
              <h2 className="footer-title">{column.title}</h2>
              <ul>
                {column.items.map((item) => (
                  <li key={item.href}>
                    <SmartLink href={item.href} className="footer-link">
                      {item.label}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        {/* HTML from the site's own config, trusted as in Docusaurus (its links got the base URL in site-data). */}
        {footer.copyright ? <p className="footer-copyright" dangerouslySetInnerHTML={{ __html: footer.copyright }} /> : null}
      </div>
    </footer>
  );
}
