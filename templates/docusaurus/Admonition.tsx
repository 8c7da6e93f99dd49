/** `@theme/Admonition`: the markup and CSS of `:::note` admonitions. */
import type { ReactNode } from 'react';
import { ADMONITION_TITLES } from '../../src/markdown/compat.js';

export default function Admonition({
  type = 'note',
  title,
  icon: _icon,
  children,
}: {
  type?: string;
  title?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const kind = type in ADMONITION_TITLES ? type : 'note';
  return (
    <div className={`admonition admonition-${kind}`} role="note">
      <div className="admonition-heading">{title ?? ADMONITION_TITLES[kind]}</div>
      <div className="admonition-content">{children}</div>
    </div>
  );
}
