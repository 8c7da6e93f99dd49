import { createHash } from 'node:crypto';
import type { TemplateName } from '../shared/page-data.js';
import type { Route, RouteDraft } from './types.js';

/** `path-xyz`: the route's path, a dash, and 3 hex chars of a hash of its data. */
export function routeKey(draft: RouteDraft): string {
  const hash = createHash('sha1')
    .update(draft.path)
    .update('\0')
    .update(draft.template)
    .update('\0')
    .update(JSON.stringify(draft.props))
    .update('\0')
    .update(draft.dependsOn.join('\0'))
    .digest('hex');
  return `${draft.path}-${hash.slice(0, 3)}`;
}

export function withKey<T extends TemplateName>(draft: RouteDraft<T>): Route<T> {
  return { ...draft, key: routeKey(draft) } as Route<T>;
}
