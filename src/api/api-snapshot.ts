/**
 * The API snapshot (`api.snapshot`): typedoc's model of the API sources, kept in a file of the
 * site (committed with it) together with what it was made from. The cache (api-cache.ts) is gone
 * in a clean checkout; the snapshot is not, so a build from a clean checkout whose API sources,
 * typedoc and TypeScript are those the snapshot was written from takes the model from it instead
 * of running typedoc (seconds of CPU on the build's critical path). Anything else (a changed
 * source, another TypeScript, a file that is not a snapshot) and typedoc runs as before: the
 * snapshot can make a build faster, never different.
 *
 * Only `folio api-snapshot` writes it, and only over a snapshot it wrote before.
 */
import { existsSync, lstatSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../core/atomic-write.js';
import { isInside, realOrSelf } from '../core/site-paths.js';
import type { Warning } from '../core/warnings.js';
import { toPosix } from '../content/read-source.js';
import { FolioError } from '../errors/index.js';
import { contentKey } from './api-cache.js';
import type { ApiManifest, ApiProblem, CachedApiModel } from './types.js';

/** Bump when the stored shape changes (an older snapshot is then out of date, not wrong). */
export const SNAPSHOT_FORMAT = 'folio-api-snapshot-1';
/** What every format's name starts with: a file folio wrote, of this format or another. */
const SNAPSHOT_PREFIX = 'folio-api-snapshot-';
const isSnapshotName = (value: unknown): boolean => typeof value === 'string' && value.startsWith(SNAPSHOT_PREFIX);

/** Larger than any model folio writes (this site's: 0.2 MB); a larger file is not read. */
const MAX_SNAPSHOT_BYTES = 64 * 1024 * 1024;
/** A source the snapshot names is hashed only when it is a file of at most this size. */
const MAX_SOURCE_BYTES = 32 * 1024 * 1024;

interface SnapshotFile {
  folio: string;
  about: string;
  /** api-cache.ts `inputKey`: entry points, tsconfig, typedoc and TypeScript versions. */
  inputKey: string;
  /** api-cache.ts `contentKey(...).portable`: the content of every file and folder typedoc read. */
  contentKey: string;
  /** What typedoc read, relative to the site root (posix separators). */
  manifest: ApiManifest;
  /** The model, problem locations relative to the site root. */
  model: CachedApiModel;
}

/** How a `packagePath` that typedoc gave as an absolute path is kept: relative to the site root, after this. */
const ROOT_PREFIX = 'folio-root:';

/**
 * A copy of the project in which every `packagePath` (typedoc's name for a symbol's file, absolute
 * for a file in no package) passes through `change`.
 */
function withPackagePaths(project: CachedApiModel['project'], change: (file: string) => string): CachedApiModel['project'] {
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy);
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = key === 'packagePath' && typeof item === 'string' ? change(item) : copy(item);
    return out;
  };
  return copy(project) as CachedApiModel['project'];
}

export type SnapshotRead =
  | { status: 'current'; model: CachedApiModel; manifest: ApiManifest; hash: { key: string; portable: string } }
  | { status: 'missing' | 'stale' | 'invalid'; reason: string };

/**
 * `api.snapshot` as a path: a `.json` file inside the site root. Anything else is a config error
 * naming the key (the snapshot is written into the site, so where it may go is checked first).
 */
export function snapshotFile({ root, value, configFile }: { root: string; value: string; configFile: string }): string {
  const file = path.resolve(root, value);
  const problem = path.isAbsolute(value)
    ? 'is an absolute path'
    : file === root || !isInside(root, file)
      ? 'is outside the site root'
      : !isInside(realOrSelf(root), realPathOf(file))
        ? 'is outside the site root through a symbolic link'
        : !file.endsWith('.json')
          ? 'does not end in .json'
          : undefined;
  if (problem) {
    throw new FolioError({
      code: 'CONFIG_INVALID',
      message: `api.snapshot "${value}" ${problem}`,
      location: { file: configFile },
      hint: 'api.snapshot names a .json file inside the site, relative to its root (for example content/api/api-model.json).',
    });
  }
  return file;
}

/** Where a path leads once its existing part's links are followed (the rest as written). */
function realPathOf(file: string): string {
  let existing = file;
  while (!existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  return path.join(realOrSelf(existing), path.relative(existing, file));
}

/** Reads the snapshot and says whether it holds the model of the sources as they are now. */
export function readApiSnapshot({ file, root, inputKey }: { file: string; root: string; inputKey: string }): SnapshotRead {
  let size: number;
  try {
    const stats = statSync(file);
    if (!stats.isFile()) return { status: 'invalid', reason: 'is not a file' };
    size = stats.size;
  } catch {
    return { status: 'missing', reason: 'does not exist yet' };
  }
  if (size > MAX_SNAPSHOT_BYTES) return { status: 'invalid', reason: `is larger than ${MAX_SNAPSHOT_BYTES / 1024 / 1024} MB` };
  let snapshot: SnapshotFile;
  try {
    snapshot = JSON.parse(readFileSync(file, 'utf8')) as SnapshotFile;
  } catch {
    return { status: 'invalid', reason: 'is not JSON' };
  }
  const shape = shapeProblem(snapshot);
  if (shape) return { status: 'invalid', reason: shape };
  if (snapshot.folio !== SNAPSHOT_FORMAT) return { status: 'stale', reason: `was written in another format (${snapshot.folio})` };
  if (snapshot.inputKey !== inputKey) return { status: 'stale', reason: 'was written from other entry points, tsconfig, typedoc or TypeScript' };
  // Each path the snapshot names is checked before it is read: inside or outside the site, a
  // source is a plain file of bounded size (not a device, a pipe or a folder) or the snapshot is refused.
  const manifest: ApiManifest = { files: [], dirs: [] };
  for (const [list, kind] of [
    [snapshot.manifest.files, 'files'],
    [snapshot.manifest.dirs, 'dirs'],
  ] as const) {
    for (const entry of list) {
      if (path.isAbsolute(entry) || entry.includes('\0'))
        return { status: 'invalid', reason: `names "${entry}", which is not a path relative to the site root` };
      const absolute = path.resolve(root, entry);
      let stats;
      try {
        stats = statSync(absolute);
      } catch {
        return { status: 'stale', reason: `was made from ${entry}, which no longer exists` };
      }
      if (kind === 'files' ? !stats.isFile() || stats.size > MAX_SOURCE_BYTES : !stats.isDirectory())
        return { status: 'invalid', reason: `names ${entry}, which is not a ${kind === 'files' ? 'source file' : 'folder'}` };
      manifest[kind].push(absolute);
    }
  }
  // The sources' hash, kept for the cache entries the build writes from this snapshot.
  const hash = contentKey({ inputKey, manifest, root });
  if (hash.portable !== snapshot.contentKey) return { status: 'stale', reason: 'was made from other versions of the API sources' };
  const problems: ApiProblem[] = snapshot.model.problems.map((problem) =>
    problem.location ? { ...problem, location: { ...problem.location, file: path.resolve(root, problem.location.file) } } : problem,
  );
  // typedoc names files outside any package by their absolute path: those of this checkout.
  let project: CachedApiModel['project'];
  try {
    project = withPackagePaths(snapshot.model.project, (file) =>
      file.startsWith(ROOT_PREFIX) ? toPosix(path.resolve(root, file.slice(ROOT_PREFIX.length))) : file,
    );
  } catch {
    // Nested deeper than the stack allows: no model typedoc writes.
    return { status: 'invalid', reason: 'is nested too deeply' };
  }
  return { status: 'current', model: { project, problems }, manifest, hash };
}

/** A problem of the model as a build warning (also printed by `folio api-snapshot`). */
export function problemWarning(problem: ApiProblem): Warning {
  return {
    code: problem.kind === 'typescript' ? 'API_TYPE_ERROR' : 'API_DOC_WARNING',
    message: problem.message,
    ...(problem.location ? { location: problem.location } : {}),
  };
}

/** What `folio api-snapshot` writes. */
export function snapshotText({ root, inputKey, manifest, model }: { root: string; inputKey: string; manifest: ApiManifest; model: CachedApiModel }): string {
  const relative = (file: string) => toPosix(path.relative(root, file));
  const snapshot: SnapshotFile = {
    folio: SNAPSHOT_FORMAT,
    about:
      'Written by `folio api-snapshot`: the API model of the sources listed below. A build whose sources, typedoc and TypeScript are these takes the model from here instead of running typedoc. Do not edit; run `folio api-snapshot` again after changing the API.',
    inputKey,
    contentKey: contentKey({ inputKey, manifest, root }).portable,
    manifest: { files: manifest.files.map(relative), dirs: manifest.dirs.map(relative) },
    model: {
      project: withPackagePaths(model.project, (file) => (path.isAbsolute(file) ? `${ROOT_PREFIX}${relative(file)}` : file)),
      problems: model.problems.map((problem) =>
        problem.location ? { ...problem, location: { ...problem.location, file: relative(problem.location.file) } } : problem,
      ),
    },
  };
  return `${JSON.stringify(snapshot, null, 1)}\n`;
}

/**
 * Writes the snapshot, under a temporary name renamed into place. A file already there is
 * replaced only when it is a snapshot folio wrote (a regular file whose JSON says so): anything
 * else at that path is the site's own and is left alone, with an error saying so.
 */
export function writeApiSnapshot({ file, text, root }: { file: string; text: string; root: string }): void {
  let existing;
  try {
    existing = lstatSync(file);
  } catch {
    existing = undefined;
  }
  if (existing) {
    let ours = false;
    if (existing.isFile() && existing.size <= MAX_SNAPSHOT_BYTES) {
      try {
        ours = isSnapshotName((JSON.parse(readFileSync(file, 'utf8')) as { folio?: unknown }).folio);
      } catch {
        ours = false;
      }
    }
    if (!ours) {
      throw new FolioError({
        code: 'API_SNAPSHOT_REFUSED',
        message: `${toPosix(path.relative(root, file))} exists and is not an API snapshot folio wrote; it was left as it is`,
        location: { file },
      });
    }
  }
  writeFileAtomic(file, text);
}

function shapeProblem(value: unknown): string | undefined {
  if (!isObject(value) || !isSnapshotName(value.folio)) return 'is not an API snapshot folio wrote';
  const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
  if (typeof value.inputKey !== 'string' || typeof value.contentKey !== 'string') return 'has no keys';
  if (!isObject(value.manifest) || !strings(value.manifest.files) || !strings(value.manifest.dirs)) return 'has no list of sources';
  const model = value.model;
  if (!isObject(model) || !isObject(model.project) || !Array.isArray(model.problems)) return 'has no model';
  for (const problem of model.problems) {
    if (!isObject(problem) || typeof problem.message !== 'string') return 'has a problem without a message';
    if (problem.location !== undefined && (!isObject(problem.location) || typeof problem.location.file !== 'string')) return 'has a problem without a file';
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
