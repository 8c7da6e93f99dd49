/**
 * Stage `loadConfig`: bundles site.config.ts with esbuild, imports it and
 * validates it against the schema, filling every default.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { z } from 'zod';
import { FolioError, lineOf } from '../errors/index.js';
import { writeFileAtomic } from '../core/atomic-write.js';
import { configSchema, type SiteConfig } from './schema.js';

export const CONFIG_FILE = 'site.config.ts';

export interface LoadedConfig {
  config: SiteConfig;
  file: string;
  /** Hash of the config source, part of every cache key. */
  hash: string;
}

export async function loadConfig({ root, cacheDir, useCache = true }: { root: string; cacheDir: string; useCache?: boolean }): Promise<LoadedConfig> {
  const file = path.join(root, CONFIG_FILE);
  if (!existsSync(file)) {
    throw new FolioError({
      code: 'CONFIG_NOT_FOUND',
      message: `no ${CONFIG_FILE} in ${root}`,
      location: { file },
    });
  }
  const source = readFileSync(file, 'utf8');
  let code: string;
  try {
    const result = await esbuild.build({
      entryPoints: [file],
      // The bundle's path comments are relative to the site: its hash (a cache key) does not
      // depend on the folder folio was started from.
      absWorkingDir: root,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      packages: 'external',
      plugins: [folioSelfPlugin],
    });
    code = result.outputFiles[0].text;
  } catch (error) {
    const first = (error as esbuild.BuildFailure).errors?.[0];
    throw new FolioError({
      code: 'CONFIG_SYNTAX',
      message: first?.text ?? String(error),
      location: {
        file: first?.location?.file ? path.resolve(root, first.location.file) : file,
        line: first?.location?.line,
        column: (first?.location?.column ?? 0) + 1,
      },
      excerpt: first?.location?.lineText,
    });
  }
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  let mod: { default?: unknown };
  const bundled = writeBundle({ root, cacheDir, code, hash, useCache });
  try {
    mod = await import(pathToFileURL(bundled.file).href);
  } catch (error) {
    throw new FolioError({
      code: 'CONFIG_SYNTAX',
      message: `site.config.ts threw while loading: ${(error as Error).message}`,
      location: { file },
      cause: error,
    });
  } finally {
    if (bundled.temporary) rmSync(bundled.file, { force: true });
  }
  if (mod.default === undefined) {
    throw new FolioError({ code: 'CONFIG_NO_DEFAULT_EXPORT', message: 'no default export', location: { file } });
  }
  return { config: validateConfig({ value: mod.default, file, source }), file, hash };
}

/** Validates a config object; errors name the key, the file and its line. */
export function validateConfig({ value, file, source }: { value: unknown; file: string; source?: string }): SiteConfig {
  const parsed = configSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const keyPath = formatPath(issue.path);
  let key = keyPath;
  let message: string;
  let hint: string | undefined;
  if (issue.code === 'unrecognized_keys') {
    const unknown = issue.keys[0];
    key = keyPath ? `${keyPath}.${unknown}` : unknown;
    message = `unknown key "${key}"`;
    const known = knownKeysAt(issue.path);
    const suggestion = closest(unknown, known);
    hint = suggestion ? `Did you mean "${suggestion}"? Known keys here: ${known.join(', ')}.` : `Known keys here: ${known.join(', ')}.`;
  } else {
    message = `"${keyPath || '(root)'}": ${issue.message}`;
  }
  const leaf = key
    .split('.')
    .pop()
    ?.replace(/\[\d+\]$/, '');
  const line = source && leaf ? findKeyLine(source, leaf) : undefined;
  throw new FolioError({
    code: 'CONFIG_INVALID',
    message,
    location: { file, line },
    excerpt: source ? lineOf(source, line) : undefined,
    hint,
  });
}

function formatPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of segments) {
    out += typeof segment === 'number' ? `[${segment}]` : out ? `.${String(segment)}` : String(segment);
  }
  return out;
}

function findKeyLine(source: string, key: string): number | undefined {
  const pattern = new RegExp(`(^|[\\s{,])["']?${key.replace(/[$]/g, '\\$')}["']?\\s*:`);
  const lines = source.split('\n');
  const index = lines.findIndex((line) => pattern.test(line));
  return index >= 0 ? index + 1 : undefined;
}

type AnySchema = z.ZodType & { def?: Record<string, unknown>; shape?: Record<string, unknown> };

function knownKeysAt(segments: readonly PropertyKey[]): string[] {
  let schema: AnySchema | undefined = configSchema as unknown as AnySchema;
  const unwrap = (s: AnySchema | undefined): AnySchema | undefined => {
    let current = s;
    for (let i = 0; i < 10 && current?.def; i++) {
      const def = current.def as { type: string; innerType?: AnySchema; element?: AnySchema };
      if (def.innerType && ['optional', 'default', 'prefault', 'nullable'].includes(def.type)) current = def.innerType;
      else break;
    }
    return current;
  };
  for (const segment of segments) {
    schema = unwrap(schema);
    if (!schema?.def) return [];
    const def = schema.def as { type: string; element?: AnySchema; valueType?: AnySchema };
    if (typeof segment === 'number' && def.type === 'array') schema = def.element;
    else if (def.type === 'record') schema = def.valueType;
    else schema = schema.shape?.[String(segment)] as AnySchema | undefined;
  }
  schema = unwrap(schema);
  return schema?.shape ? Object.keys(schema.shape) : [];
}

function closest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = word.toLowerCase();
  const prefixed = candidates.find((candidate) => candidate.toLowerCase().startsWith(lower) || lower.startsWith(candidate.toLowerCase()));
  if (prefixed && lower.length >= 3) return prefixed;
  for (const candidate of candidates) {
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const temp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = temp;
    }
  }
  return row[b.length];
}

/** Resolves `import { defineConfig } from 'folio'` inside a site config. */
const folioSelfPlugin: esbuild.Plugin = {
  name: 'folio-self',
  setup(build) {
    build.onResolve({ filter: /^folio$/ }, () => ({ path: 'folio', namespace: 'folio-self' }));
    build.onLoad({ filter: /.*/, namespace: 'folio-self' }, () => ({
      contents: 'export function defineConfig(config) { return config; }',
      loader: 'js',
    }));
  },
};

/**
 * The bundled config as a file Node can import (it must sit inside the site, so that packages
 * the config imports resolve from the site's node_modules). With the cache: `.folio-cache/config-
 * <hash>.mjs`, used again only when its bytes are exactly the bundle (a damaged cache entry is
 * written again, never blamed on the config). Without the cache, or when the cache folder cannot
 * be written: a temporary file the caller deletes after the import.
 */
function writeBundle({ root, cacheDir, code, hash, useCache }: { root: string; cacheDir: string; code: string; hash: string; useCache: boolean }): {
  file: string;
  temporary: boolean;
} {
  if (useCache) {
    const file = path.join(cacheDir, `config-${hash}.mjs`);
    try {
      if (!existsSync(file) || readFileSync(file, 'utf8') !== code) writeFileAtomic(file, code);
      return { file, temporary: false };
    } catch {
      // an unusable cache folder: the build goes on without it (the context reports it once)
    }
  }
  const name = `.site.config.${process.pid}-${randomBytes(4).toString('hex')}.folio.mjs`;
  // Last resort, a read-only site: the system's temporary folder (packages the config imports then
  // resolve from there, which works for configs that import only folio and Node's modules).
  for (const dir of [...(useCache ? [] : [cacheDir]), root]) {
    const file = path.join(dir, name);
    try {
      writeFileAtomic(file, code, { makeDir: dir === cacheDir });
      return { file, temporary: true };
    } catch {
      // try the next place
    }
  }
  const file = path.join(os.tmpdir(), name);
  writeFileAtomic(file, code, { makeDir: false });
  return { file, temporary: true };
}
