/**
 * Stage `compileContent`: compiles every markdown source (docs, posts,
 * markdown pages) and the API pages, resolving links between them.
 * Unchanged files come from the cache (keyed by their content hash).
 * The work is done by the build's compile step, which watch mode also
 * runs incrementally (src/build/compile-step.ts).
 */
import { compileStep } from '../build/compile-step.js';
import type { BuildContext } from '../build/context.js';
import type { Content } from '../content/types.js';
import type { MediaFile } from '../links/resolve-links.js';
import type { RouteTable } from '../routes/types.js';
import type { CompiledContent } from './compile.js';
import type { CodeHighlighter } from './highlight.js';

export { markdownSources } from '../build/compile-step.js';

export interface CompileResult {
  compiled: Map<string, CompiledContent>;
  frontMatter: Map<string, Record<string, unknown>>;
  media: Map<string, MediaFile>;
  /** How many files were compiled (not taken from the cache). */
  compiledCount: number;
}

export async function compileContent(
  ctx: BuildContext,
  { content, table, highlighter }: { content: Content; table: RouteTable; highlighter?: CodeHighlighter },
): Promise<CompileResult> {
  const result = await compileStep({ ctx, content, table, highlighter });
  return { compiled: result.compiled, frontMatter: result.frontMatter, media: result.state.media, compiledCount: result.compiledCount };
}
