import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { folioRoot } from './folio-root.js';

/** folio's own version (from its package.json). */
export function folioVersion(): string {
  return (JSON.parse(readFileSync(path.join(folioRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

let fingerprint: string | undefined;

/** dist/'s folder of bundles made with folio's code after it was built (assets/prebuilt.ts): not part of the fingerprint. */
export const PREBUILT_FOLDER = 'prebuilt';

/**
 * The version plus a hash of folio's own code (the compiled dist/ files, or
 * src/ when run from source): part of every cache key, so a cache written
 * by another build of folio is never read, even at the same version number.
 * Computed once per process (the code does not change while it runs).
 */
export function folioFingerprint(): string {
  if (fingerprint) return fingerprint;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const codeDir = path.basename(here) === 'dist' ? here : path.join(folioRoot(), 'src');
  const hash = createHash('sha256').update(folioVersion());
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!(dir === codeDir && entry.name === PREBUILT_FOLDER)) walk(full);
      } else if (/\.(mjs|ts|tsx)$/.test(entry.name)) hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(codeDir);
  fingerprint = hash.digest('hex').slice(0, 16);
  return fingerprint;
}
