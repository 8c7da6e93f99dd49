/**
 * Stage `compileContent`: compiles every markdown source (docs, posts,
 * markdown pages) and the API pages, resolving links between them.
 * Unchanged files come from the cache (keyed by their content hash).
 */
import type { BuildContext } from '../build/context.js';
import { compileApi } from '../api/compile-api.js';
import type { Content } from '../content/types.js';
import type { SourceFile } from '../content/read-source.js';
import { resolveContentLinks, type MediaFile } from '../links/resolve-links.js';
import type { RouteTable } from '../routes/types.js';
import { compileMarkdown, type CompiledContent } from './compile.js';
import { CodeHighlighter } from './highlight.js';

export interface CompileResult {
  compiled: Map<string, CompiledContent>;
  frontMatter: Map<string, Record<string, unknown>>;
  media: Map<string, MediaFile>;
  /** How many files were compiled (not taken from the cache). */
  compiledCount: number;
}

export function markdownSources(content: Content): SourceFile[] {
  const sources: SourceFile[] = [];
  if (content.docs) sources.push(...content.docs.docs);
  if (content.blog) sources.push(...content.blog.posts);
  for (const page of content.pages) if (page.kind === 'md') sources.push(page);
  return sources;
}

export async function compileContent(
  ctx: BuildContext,
  { content, table, highlighter = new CodeHighlighter() }: { content: Content; table: RouteTable; highlighter?: CodeHighlighter },
): Promise<CompileResult> {
  const sources = markdownSources(content);
  const fileRoutes = table.sourceRoutes;
  const compiled = new Map<string, CompiledContent>();
  const frontMatter = new Map<string, Record<string, unknown>>();
  const media = new Map<string, MediaFile>();
  const resolver = { fileRoutes, baseUrl: ctx.config.baseUrl, media, warn: (w: Parameters<typeof ctx.warnings.add>[0]) => ctx.warnings.add(w) };
  let compiledCount = 0;
  const options = { format: ctx.config.markdown.format, compat: ctx.config.markdown.compat };
  for (const source of sources) {
    const before = ctx.cache.stats.misses;
    const result = await compileMarkdown({
      body: source.body,
      file: source.file,
      bodyLineOffset: source.bodyLineOffset,
      source: source.source,
      options,
      highlighter,
      cache: ctx.cache,
      cacheSalt: ctx.buildHash,
    });
    if (ctx.cache.stats.misses > before) compiledCount++;
    compiled.set(source.file, resolveContentLinks({ compiled: result, file: source.file, resolver }));
    frontMatter.set(source.file, source.frontMatter);
  }
  if (content.api) {
    const api = await compileApi(ctx, { model: content.api, table, highlighter });
    for (const [id, result] of api) compiled.set(id, result);
  }
  return { compiled, frontMatter, media, compiledCount };
}
