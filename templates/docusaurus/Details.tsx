/**
 * `@theme/Details`: a native <details> (opens and closes without JavaScript). `summary` is a
 * prop or a <summary> child, as in Docusaurus.
 */
import { Children, isValidElement, type ReactNode } from 'react';

export default function Details({ summary, children, ...rest }: { summary?: ReactNode; children?: ReactNode; open?: boolean; className?: string }) {
  let heading = summary;
  const body: ReactNode[] = [];
  for (const child of Children.toArray(children)) {
    if (heading === undefined && isValidElement(child) && child.type === 'summary') heading = (child.props as { children?: ReactNode }).children;
    else body.push(child);
  }
  return (
    <details {...rest}>
      <summary>{heading ?? 'Details'}</summary>
      <div className="details-content">{body}</div>
    </details>
  );
}
