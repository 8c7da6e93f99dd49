/** Hashes: cache keys and fingerprints (`hashOf`), and the quick checksum that seals cache entries. */
import crypto, { createHash } from 'node:crypto';

export function hashOf(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(part);
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** A quick checksum of a text (not a key: keys use hashOf). */
export function checksum(text: string): string {
  const oneShot = (crypto as { hash?: (algorithm: string, data: string) => string }).hash;
  return oneShot ? oneShot('sha1', text) : createHash('sha1').update(text).digest('hex');
}
