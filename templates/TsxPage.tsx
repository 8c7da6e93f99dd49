import { useContext } from 'react';
import type { PageData } from '../src/shared/page-data.js';
import { PagesContext } from './context.js';

/** A React page from content/pages/*.tsx, rendered inside the shell. */
export function TsxPage({ page }: { page: PageData<'tsxPage'> }) {
  const pages = useContext(PagesContext);
  const Component = pages[page.props.component]?.default;
  if (!Component) throw new Error(`Page component "${page.props.component}" is not in the pages registry.`);
  return (
    <main id="main-content" className="tsx-page" tabIndex={-1}>
      <Component />
    </main>
  );
}
