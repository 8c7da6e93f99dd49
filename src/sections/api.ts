/** The API reference section: the model typedoc makes of `api.entryPoints` (with their tsconfig and readme). */
import { loadApiModel } from '../api/load-api.js';
import { buildApiRoutes } from '../routes/api-routes.js';
import type { Section } from './types.js';

export const apiSection: Section<'api'> = {
  name: 'api',
  configured: (config) => Boolean(config.api),
  roots: (paths) => paths.apiPaths,
  classify: () => ({ read: 'section' }),
  // typedoc runs in a worker thread: the build compiles the markdown meanwhile.
  background: true,
  discover: async (ctx) => (ctx.config.api ? loadApiModel(ctx) : undefined),
  routes({ config, content }) {
    if (!content.api || !config.api) return undefined;
    const api = buildApiRoutes({ model: content.api, config });
    return { drafts: api.drafts, sidebar: [api.sidebarNode] };
  },
};
