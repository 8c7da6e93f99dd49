import type { ApiModel } from '../api/types.js';
import type { SiteConfig } from '../config/schema.js';
import type { SidebarNode } from './docs-routes.js';
import type { RouteDraft } from './types.js';

/** API reference routes (replaced by the typedoc feature's route builder). */
export function buildApiRoutes({ model, config }: { model: ApiModel; config: SiteConfig }): { drafts: RouteDraft[]; sidebarNode: SidebarNode } {
  void model;
  throw new Error(`API reference routes are not available yet (api.routeBase ${config.api?.routeBase})`);
}
