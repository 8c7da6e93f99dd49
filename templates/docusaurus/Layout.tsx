/**
 * `@theme/Layout` for Docusaurus pages (`content/pages/*.tsx`): folio already renders every page
 * inside its shell (navbar, footer), so Layout renders its children. The page's <title> and
 * description come from its `meta` export (`export const meta = { title, description }`).
 */
import type { ReactNode } from 'react';

export default function Layout({ children }: { children?: ReactNode; title?: string; description?: string; wrapperClassName?: string; noFooter?: boolean }) {
  return <>{children}</>;
}
