import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folio package folder (holds templates/ and src/client/), from src/ or dist/. */
export function folioRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(path.join(dir, 'templates', 'App.tsx'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error('folio: cannot find its templates folder');
}
