/**
 * Checks a page-data chunk before the client renders it. A chunk that names
 * an unknown template, a missing page component, or lacks the fields its
 * template reads is refused, and the router falls back to a full page load
 * (the server-rendered HTML) instead of rendering a broken or blank page.
 * Pure: no DOM.
 */
import { normaliseRoute } from '../shared/url.js';

/** Fields each template reads as arrays (or objects) from its props. */
const REQUIRED: Record<string, { arrays?: string[]; objects?: string[]; strings?: string[] }> = {
  doc: { arrays: ['breadcrumbs', 'toc'], strings: ['title'] },
  docCategory: { arrays: ['breadcrumbs', 'cards'], strings: ['title'] },
  mdPage: { arrays: ['toc'], strings: ['title'] },
  tsxPage: { strings: ['component'] },
  blogList: { arrays: ['posts'], objects: ['pagination'] },
  blogPost: { arrays: ['toc'], objects: ['post'] },
  blogTags: { arrays: ['tags'] },
  blogAuthors: { arrays: ['authors'] },
  blogArchive: { arrays: ['years'] },
  notFound: { strings: ['title'] },
  search: { strings: ['title'] },
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Returns the reason a chunk cannot be rendered, or undefined when it can.
 * `templates` are the registered template names, `components` the ids of the
 * page components in the client bundle.
 */
export function pageDataProblem({
  data,
  path,
  templates,
  components,
}: {
  data: unknown;
  path: string;
  templates: readonly string[];
  components: readonly string[];
}): string | undefined {
  if (!isObject(data)) return 'the page data is not an object';
  for (const field of ['path', 'key', 'template', 'title'] as const) {
    if (typeof data[field] !== 'string') return `the page data has no "${field}" string`;
  }
  const template = data.template as string;
  if (!templates.includes(template) || !(template in REQUIRED)) return `the page data names an unknown template "${template}"`;
  if (normaliseRoute(data.path as string) !== normaliseRoute(path)) return `the page data is for ${data.path as string}, not ${path}`;
  if (data.bodyHtml !== undefined && typeof data.bodyHtml !== 'string') return 'the page body is not a string';
  const props = data.props;
  if (!isObject(props)) return 'the page data has no props';
  const need = REQUIRED[template];
  for (const field of need.arrays ?? []) if (!Array.isArray(props[field])) return `the ${template} page data lacks the "${field}" list`;
  for (const field of need.objects ?? []) if (!isObject(props[field])) return `the ${template} page data lacks "${field}"`;
  for (const field of need.strings ?? []) if (typeof props[field] !== 'string') return `the ${template} page data lacks "${field}"`;
  if (template === 'tsxPage' && !components.includes(props.component as string))
    return `the page component "${props.component as string}" is not in the client bundle`;
  return undefined;
}
