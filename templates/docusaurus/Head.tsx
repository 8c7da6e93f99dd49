/**
 * `@docusaurus/Head`: folio writes the document head from the config and the page's `meta`
 * export, so what Head wraps is not rendered (no stray <title> in the body).
 */
import type { ReactNode } from 'react';

export default function Head(_props: { children?: ReactNode }) {
  return null;
}
