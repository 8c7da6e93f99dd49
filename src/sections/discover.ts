/**
 * Stage `discoverContent`: every section of the registry finds its content. Sections marked
 * `background` (the API model, from typedoc in a worker thread) are left running: `later`
 * settles with their content while the build compiles the markdown.
 */
import type { BuildContext } from '../core/context.js';
import type { Content } from '../content/types.js';
import { sections } from './registry.js';

export interface Discovered {
  content: Content;
  /** The content of the background sections, undefined when the site has none of them. */
  later?: Promise<Partial<Content>>;
}

export async function discoverContent(ctx: BuildContext): Promise<Discovered> {
  const background = sections.filter((section) => section.background && section.configured(ctx.config));
  const later = background.length
    ? Promise.all(background.map(async (section) => [section.name, await section.discover(ctx)] as const)).then(
        (entries) => Object.fromEntries(entries) as Partial<Content>,
      )
    : undefined;
  // Handled by whoever awaits it; this keeps an early failure from being reported as unhandled.
  later?.catch(() => {});
  const found = await Promise.all(
    sections.filter((section) => !section.background).map(async (section) => [section.name, await section.discover(ctx)] as const),
  );
  const content = Object.fromEntries(found) as unknown as Content;
  content.pages ??= [];
  return { content, ...(later ? { later } : {}) };
}
