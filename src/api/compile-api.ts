/**
 * Part of stage `compileContent`: the bodies of the API pages. Each page is
 * rendered server-side with folio's API components (src/api/components);
 * doc comments go through `compileMarkdown` like any other content (GFM,
 * shiki highlighting, heading ids, cached), the readme on top of the index.
 * Returns, per page id, the same CompiledContent docs have: HTML, headings
 * for the table of contents, ids and links (with source lines) for the link
 * checker. A whole page is cached by the model, readme, config and the
 * routes relative links resolve to, with the warnings it produced.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { hashOf } from '../core/hash.js';
import type { BuildContext } from '../core/context.js';
import { fileRoutesOf } from '../markdown/compile-content.js';
import type { Warning } from '../core/warnings.js';
import { resolveContentLinks, type LinkResolver, type MediaFile } from '../links/resolve-links.js';
import { siteFoldersOf } from '../links/site-folders.js';
import { compileMarkdown, type CompiledContent } from '../markdown/compile.js';
import type { SourceRef } from '../markdown/hast-transforms.js';
import type { Highlighting } from '../markdown/highlight.js';
import type { RouteTable } from '../routes/types.js';
import { summaryLine } from './comment.js';
import { DeclarationBody } from './components/DeclarationBody.js';
import { IndexBody } from './components/IndexBody.js';
import { buildApiIndex, primaryComment, type ApiIndex, type ApiPage } from './model.js';
import { CollectorContext, fillMarkdown, PageCollector, type MarkdownFragment } from './page-collector.js';
import type { ApiModel } from './types.js';

const PAGE_NAMESPACE = 'api-page';

interface CachedPage {
  compiled: CompiledContent;
  warnings: Warning[];
}

interface CompileEnv {
  ctx: BuildContext;
  model: ApiModel;
  index: ApiIndex;
  highlighter: Highlighting;
  fileRoutes: ReadonlyMap<string, string>;
}

export async function compileApi(
  ctx: BuildContext,
  input: { model: ApiModel; table: RouteTable; highlighter: Highlighting },
): Promise<Map<string, CompiledContent>> {
  const { model, table, highlighter } = input;
  const started = performance.now();
  const api = ctx.config.api;
  const result = new Map<string, CompiledContent>();
  if (!api) return result;
  const index = buildApiIndex({ project: model.project, routeBase: api.routeBase, label: api.sidebarLabel });
  const fileRoutes = fileRoutesOf(table);
  const origins = new Map<string, string>();
  for (const route of table.routes) if (route.source?.kind === 'api') origins.set(route.source.file, route.origin);
  const env: CompileEnv = { ctx, model, index, highlighter, fileRoutes };
  // ctx.buildHash covers folio's own code (the API components included), so pages of an older folio are never reused.
  const salt = hashOf(ctx.buildHash, model.hash, model.readme?.hash ?? '', JSON.stringify([...fileRoutes].sort()));
  let compiledPages = 0;
  for (const page of index.pages) {
    const key = hashOf(salt, page.id);
    let entry = ctx.cache.get<CachedPage>(PAGE_NAMESPACE, key);
    if (!entry) {
      const origin = origins.get(page.id) ?? model.readme?.file ?? model.root;
      entry = await compilePage({ env, page, origin });
      ctx.cache.set(PAGE_NAMESPACE, key, entry);
      compiledPages++;
    }
    for (const warning of entry.warnings) ctx.warnings.add(warning);
    result.set(page.id, entry.compiled);
  }
  ctx.logger.stage('api pages', performance.now() - started, `${compiledPages} rendered, ${result.size - compiledPages} cached`);
  return result;
}

/** Markdown (doc comments, the readme) through the same pipeline as docs, links resolved like theirs. */
async function compileText({
  env,
  resolver,
  text,
  file,
  line,
  readme,
}: {
  env: CompileEnv;
  resolver: LinkResolver;
  text: string;
  file: string;
  line: number;
  readme?: boolean;
}): Promise<CompiledContent> {
  const { ctx } = env;
  const source = readme ? env.model.readme : undefined;
  const compiled = await compileMarkdown({
    body: source?.body ?? text,
    file,
    bodyLineOffset: source?.bodyLineOffset ?? 0,
    source: source?.source ?? text,
    // Doc comments are markdown (TSDoc), not MDX: `<T>` and `{` are text. The readme follows the site's format.
    options: { format: readme ? ctx.config.markdown.format : 'md', compat: ctx.config.markdown.compat },
    highlighter: env.highlighter,
    cache: ctx.cache,
    cacheSalt: ctx.buildHash,
    stripTitle: Boolean(readme),
  });
  // Comments carry no line of their own in typedoc's model: their links point at the declaration they document.
  const located = readme ? compiled : { ...compiled, links: compiled.links.map((link) => ({ ...link, file, line, column: 1 })) };
  return resolveContentLinks({ compiled: located, file, resolver });
}

async function compilePage({ env, page, origin }: { env: CompileEnv; page: ApiPage; origin: string }): Promise<CachedPage> {
  const { ctx, model } = env;
  const warnings: Warning[] = [];
  const resolver: LinkResolver = {
    fileRoutes: env.fileRoutes,
    baseUrl: ctx.config.baseUrl,
    media: new Map<string, MediaFile>(),
    folders: siteFoldersOf(ctx.root, ctx.config),
    warn: (warning) => warnings.push(warning),
  };
  const isIndex = !page.reflection;
  const readme = isIndex && model.readme ? await compileText({ env, resolver, text: '', file: model.readme.file, line: 1, readme: true }) : undefined;

  const collector = new PageCollector({ page, index: env.index, baseUrl: ctx.config.baseUrl, root: model.root, sourceUrl: ctx.config.api?.sourceUrl, origin });
  if (readme) collector.prepend({ headings: readme.headings, ids: readme.ids });
  const body = page.reflection ? createElement(DeclarationBody, { reflection: page.reflection }) : createElement(IndexBody, { readmeHtml: readme?.html });
  const html = renderToStaticMarkup(createElement(CollectorContext.Provider, { value: collector }, body));
  const fragments = await Promise.all(
    collector.fragments.map((fragment: MarkdownFragment) => compileText({ env, resolver, text: fragment.markdown, file: fragment.file, line: fragment.line })),
  );
  const ids = [...collector.ids];
  const links: SourceRef[] = [...(readme?.links ?? []), ...collector.links];
  for (const fragment of fragments) {
    ids.push(...fragment.ids);
    links.push(...fragment.links);
  }
  const filled = fillMarkdown(
    html,
    fragments.map((fragment) => fragment.html),
  );
  const text = filled.replace(/<[^>]+>/g, ' ');
  const summary = page.reflection ? (summaryLine(primaryComment(page.reflection)) ?? '') : (readme?.summary ?? '');
  const compiled: CompiledContent = {
    html: filled,
    hasTruncate: false,
    ...(readme?.title ? { title: readme.title } : {}),
    headings: collector.headings,
    ids: [...new Set(ids)],
    links,
    images: readme?.images ?? [],
    words: (text.match(/[\p{L}\p{N}_'’-]+/gu) ?? []).length,
    summary,
    usedMdx: false,
  };
  return { compiled, warnings };
}
