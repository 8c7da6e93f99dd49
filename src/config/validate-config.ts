/**
 * Validates a site config against the schema (zod), filling every default; errors name the key,
 * the file and its line. Its own module: loading zod and building the schema takes about 0.1 s,
 * which a build whose config is as the last build validated it does not pay (load-config.ts).
 */
import type { z } from 'zod';
import { FolioError, lineOf } from '../errors/index.js';
import { configSchema, type SiteConfig } from './schema.js';

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
