import type { BuildContext } from '../build/context.js';
import type { ApiModel } from './types.js';

/** Runs typedoc on the configured entry points (replaced by the typedoc feature). */
export async function loadApiModel(ctx: BuildContext): Promise<ApiModel> {
  throw new Error(`API reference is not available yet (${ctx.config.api?.entryPoints.join(', ')})`);
}
