import { readFileSync } from 'node:fs';
import path from 'node:path';
import { folioRoot } from '../render/folio-root.js';

/** folio's own version (package.json), part of every cache key. */
export function folioVersion(): string {
  return (JSON.parse(readFileSync(path.join(folioRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
