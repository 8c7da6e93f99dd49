import type { BuildContext } from '../build/context.js';
import type { CompiledContent } from '../markdown/compile.js';
import type { CodeHighlighter } from '../markdown/highlight.js';
import type { RouteTable } from '../routes/types.js';
import type { ApiModel } from './types.js';

/** Renders the API pages' bodies (replaced by the typedoc feature). */
export async function compileApi(ctx: BuildContext, input: { model: ApiModel; table: RouteTable; highlighter: CodeHighlighter }): Promise<Map<string, CompiledContent>> {
  void ctx;
  void input;
  return new Map();
}
