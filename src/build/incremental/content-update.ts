/**
 * Watch mode's `discoverContent`: applies a change plan to the content of the previous build,
 * section by section (src/sections/): sources edited in place are read again on their own
 * where the section can (`update`); added, removed or renamed files and metadata changes
 * discover the section again.
 */
import type { Content } from '../../content/types.js';
import type { BuildContext } from '../../core/context.js';
import { sitePaths } from '../../core/site-paths.js';
import { sections } from '../../sections/registry.js';
import type { ChangePlan } from './changes.js';

export interface ContentUpdate {
  content: Content;
  /** The API model was generated again. */
  apiReloaded: boolean;
  /** What was read again: discovery warnings of other files still stand. */
  reread: { dirs: string[]; files: string[] };
}

export async function updateContent({ ctx, previous, plan }: { ctx: BuildContext; previous: Content; plan: ChangePlan }): Promise<ContentUpdate> {
  const reread: ContentUpdate['reread'] = { dirs: [], files: [] };
  const paths = sitePaths({ root: ctx.root, outDir: ctx.outDir, config: ctx.config });
  const next: Record<string, unknown> = { ...previous };
  const rediscovered = new Set<string>();
  for (const section of sections) {
    const { rediscover, files } = plan.sections[section.name];
    if (!rediscover && files.length === 0) continue;
    const before = previous[section.name];
    let value = rediscover || !before || !section.update ? undefined : section.update(ctx, before as never, files);
    if (value === undefined) {
      if (section.configured(ctx.config)) reread.dirs.push(...section.roots(paths));
      value = await section.discover(ctx);
      rediscovered.add(section.name);
    } else reread.files.push(...files);
    next[section.name] = value;
  }
  const content = next as unknown as Content;
  content.pages ??= [];
  return { content, apiReloaded: rediscovered.has('api') && Boolean(ctx.config.api), reread };
}
