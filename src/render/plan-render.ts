/**
 * What a build renders, decided in one place for every build: from scratch
 * (nothing before it), a warm one-shot build (against the reuse manifest of
 * the last output) and watch mode (against the session's routes). Pure:
 * fingerprints in, plan out.
 *
 * A route's fingerprint hashes everything its HTML is made from
 * (fingerprint.ts): same fingerprint, same bytes, so the page can be kept.
 * A route without a fingerprint (a build that cannot identify its server
 * bundle cannot fingerprint any) is always rendered.
 */
import type { Route } from '../routes/types.js';

/** What the previous output knows of a route. `key` is absent where the record does not keep it. */
export interface PriorRoute {
  fingerprint: string;
  key?: string;
}

export type RenderReason =
  /** The previous output has no such route (or there is no previous output). */
  | 'new'
  /** Something the page is made from changed. */
  | 'changed'
  /** This build cannot fingerprint the route. */
  | 'unfingerprinted';

export interface RenderPlan {
  /** Routes to render, in table order, each with why. */
  render: { route: Route; reason: RenderReason }[];
  /** Routes whose previous output is still right, in table order. */
  reuse: Route[];
  /** Paths of routes the previous output has and this build does not. */
  remove: string[];
  /** Whether routes.json changes: a route came, went, or got a new key. */
  keysChanged: boolean;
}

export function planRender({
  routes,
  fingerprints,
  previous,
}: {
  routes: readonly Route[];
  fingerprints: ReadonlyMap<string, string> | undefined;
  previous: ReadonlyMap<string, PriorRoute> | undefined;
}): RenderPlan {
  const plan: RenderPlan = { render: [], reuse: [], remove: [], keysChanged: false };
  const current = new Set<string>();
  for (const route of routes) {
    current.add(route.path);
    const fingerprint = fingerprints?.get(route.path);
    const prior = previous?.get(route.path);
    if (!prior) plan.keysChanged = true;
    else if (prior.key !== undefined && prior.key !== route.key) plan.keysChanged = true;
    if (fingerprint === undefined) plan.render.push({ route, reason: 'unfingerprinted' });
    else if (!prior) plan.render.push({ route, reason: 'new' });
    else if (prior.fingerprint !== fingerprint) plan.render.push({ route, reason: 'changed' });
    else plan.reuse.push(route);
  }
  if (previous) for (const routePath of previous.keys()) if (!current.has(routePath)) plan.remove.push(routePath);
  if (plan.remove.length > 0) plan.keysChanged = true;
  return plan;
}
