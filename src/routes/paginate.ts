/**
 * The one pagination helper of every listing (blog, tags, authors).
 * Page 1 lives at `basePath`; page n at `basePath/<pageSegment>/n`.
 */
export interface PageSlice<T> {
  page: number;
  totalPages: number;
  totalItems: number;
  path: string;
  items: T[];
  previous?: string;
  next?: string;
}

export function pagePath({ basePath, pageSegment, page }: { basePath: string; pageSegment: string; page: number }): string {
  const base = basePath.length > 1 ? basePath.replace(/\/$/, '') : basePath;
  if (page <= 1) return base;
  return `${base === '/' ? '' : base}/${pageSegment}/${page}`;
}

export function paginate<T>({
  items,
  basePath,
  pageSegment,
  perPage,
}: {
  items: readonly T[];
  basePath: string;
  pageSegment: string;
  perPage: number;
}): PageSlice<T>[] {
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const pages: PageSlice<T>[] = [];
  for (let page = 1; page <= totalPages; page++) {
    pages.push({
      page,
      totalPages,
      totalItems: items.length,
      path: pagePath({ basePath, pageSegment, page }),
      items: items.slice((page - 1) * perPage, page * perPage),
      previous: page > 1 ? pagePath({ basePath, pageSegment, page: page - 1 }) : undefined,
      next: page < totalPages ? pagePath({ basePath, pageSegment, page: page + 1 }) : undefined,
    });
  }
  return pages;
}
