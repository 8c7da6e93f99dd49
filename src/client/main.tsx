/**
 * Browser entry: reads the page's boot data, loads the shared site data and
 * hydrates the server-rendered shell.
 */
import { hydrateRoot } from 'react-dom/client';
import type { PagesRegistry } from '../../templates/context.js';
import type { PageData, SiteData } from '../shared/page-data.js';
import { App } from '../../templates/App.js';

interface Boot {
  page: PageData;
  site: string;
  routes: string;
  baseUrl: string;
}

export function start(pages: PagesRegistry): void {
  const data = document.getElementById('__folio_data');
  const container = document.getElementById('__folio');
  if (!data || !container) return;
  const boot = JSON.parse(data.textContent ?? '{}') as Boot;
  const body = container.querySelector<HTMLElement>('[data-folio-body]');
  const page: PageData = { ...boot.page, ...(body ? { bodyHtml: body.innerHTML } : {}) };
  void fetch(boot.site)
    .then((response) => response.json() as Promise<SiteData>)
    .then((site) => {
      hydrateRoot(container, <App site={site} page={page} pages={pages} />);
    });
}
