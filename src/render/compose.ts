/**
 * Fills a route's page data from the compiled content: body HTML, table of
 * contents, reading times and excerpts. Pure.
 */
import type { SiteConfig } from '../config/schema.js';
import type { CompiledContent } from '../markdown/compile.js';
import type { Heading } from '../markdown/mdast-transforms.js';
import type { PageData, PostSummary, TocItem } from '../shared/page-data.js';
import type { Route } from '../routes/types.js';

export interface ComposeInput {
  route: Route;
  config: SiteConfig;
  /** Compiled content by source file, with links already resolved. */
  compiled: ReadonlyMap<string, CompiledContent>;
  /** Front matter of sources, for per-page TOC levels. */
  frontMatter: ReadonlyMap<string, Record<string, unknown>>;
  pageMeta?: { title?: string; description?: string };
  /** Listing data of blog posts by file (title, date, authors, tags). */
  postData?: ReadonlyMap<string, Omit<PostSummary, 'readingTime' | 'excerptHtml' | 'truncated'>>;
}

export function tocFrom({ headings, min, max }: { headings: Heading[]; min: number; max: number }): TocItem[] {
  return headings.filter((heading) => heading.depth >= min && heading.depth <= max).map(({ depth, id, text }) => ({ depth, id, text }));
}

export function readingMinutes(words: number, perMinute: number): number {
  return Math.max(1, Math.ceil(words / perMinute));
}

export function fullTitle({ title, config }: { title: string; config: SiteConfig }): string {
  return title && title !== config.title ? `${title} ${config.titleDelimiter} ${config.title}` : config.title;
}

export function composePageData(input: ComposeInput): PageData {
  const { route, config, compiled } = input;
  const body = route.source ? compiled.get(route.source.file) : undefined;
  const fm = route.source ? (input.frontMatter.get(route.source.file) ?? {}) : {};
  const toc = (hide: boolean): TocItem[] =>
    hide || !body
      ? []
      : tocFrom({
          headings: body.headings,
          min: typeof fm.toc_min_heading_level === 'number' ? fm.toc_min_heading_level : config.toc.minHeadingLevel,
          max: typeof fm.toc_max_heading_level === 'number' ? fm.toc_max_heading_level : config.toc.maxHeadingLevel,
        });
  const wpm = config.blog?.wordsPerMinute ?? 200;
  const showReadingTime = config.blog?.showReadingTime ?? true;
  let title = route.title;
  let description = route.description;
  let props = route.props as PageData['props'];
  switch (route.template) {
    case 'doc': {
      const p = route.props as PageData<'doc'>['props'];
      props = { ...p, title: body?.title ?? p.title, toc: toc(fm.hide_table_of_contents === true) };
      break;
    }
    case 'mdPage': {
      const p = route.props as PageData<'mdPage'>['props'];
      props = { ...p, title: body?.title ?? p.title, toc: toc(p.hideToc) };
      break;
    }
    case 'blogPost': {
      const p = route.props as PageData<'blogPost'>['props'];
      props = {
        ...p,
        post: { ...p.post, ...(showReadingTime && body ? { readingTime: readingMinutes(body.words, wpm) } : {}) },
        toc: toc(p.hideToc),
      };
      break;
    }
    case 'blogList': {
      const p = route.props as PageData<'blogList'>['props'];
      props = { ...p, posts: (route.posts ?? []).map((file) => summary(file, compiled, input, showReadingTime, wpm)) };
      break;
    }
    case 'docCategory': {
      const p = route.props as PageData<'docCategory'>['props'];
      const sources = route.cardSources ?? {};
      props = { ...p, cards: p.cards.map((card, index) => (sources[index] && !card.description ? withSummary(card, compiled.get(sources[index])) : card)) };
      break;
    }
    case 'tsxPage': {
      title = input.pageMeta?.title ?? '';
      description = input.pageMeta?.description ?? description;
      break;
    }
    default:
      break;
  }
  return {
    path: route.path,
    key: route.key,
    template: route.template,
    title: fullTitle({ title, config }),
    ...((description ?? body?.summary) ? { description: description ?? body?.summary } : {}),
    props,
    ...(body && route.template !== 'blogList' ? { bodyHtml: body.html } : {}),
    ...(route.sidebar ? { sidebar: route.sidebar } : {}),
  } as PageData;
}

function withSummary<T extends { description?: string }>(card: T, body: CompiledContent | undefined): T {
  return body?.summary ? { ...card, description: body.summary } : card;
}

function summary(file: string, compiled: ReadonlyMap<string, CompiledContent>, input: ComposeInput, showReadingTime: boolean, wpm: number): PostSummary {
  const body = compiled.get(file);
  const post = input.postData?.get(file);
  if (!body || !post) throw new Error(`compiled post missing for ${file}`);
  return {
    ...post,
    ...(showReadingTime ? { readingTime: readingMinutes(body.words, wpm) } : {}),
    excerptHtml: body.excerptHtml ?? body.html,
    truncated: body.hasTruncate,
  };
}
