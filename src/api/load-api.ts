/**
 * Part of stage `discoverContent`: the API model of `config.api`, from the
 * cache when the sources are unchanged, otherwise from a typedoc run.
 * TypeScript errors and typedoc warnings become build warnings with
 * file:line (also when the model comes from the cache); a missing entry
 * point, tsconfig or readme is an error.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildContext } from '../core/context.js';
import { readSource, toPosix } from '../content/read-source.js';
import { FolioError } from '../errors/index.js';
import { MANIFEST_NAMESPACE, MODEL_NAMESPACE, contentKey, inputKey } from './api-cache.js';
import { problemWarning, readApiSnapshot, snapshotFile } from './api-snapshot.js';
import { runInWorker, workerEntry } from '../core/worker-pool.js';
import { runTypedoc, type TypedocInput, type TypedocRun } from './run-typedoc.js';
import type { ApiManifest, ApiModel, CachedApiModel } from './types.js';

/** The API's inputs as files (each checked to exist) and the key of what decides typedoc's run. */
export function apiInputs(ctx: Pick<BuildContext, 'config' | 'root' | 'configFile'>) {
  const api = ctx.config.api;
  if (!api) throw new Error('apiInputs called without config.api');
  const entryPoints = api.entryPoints.map((entry) => resolveExisting({ ctx, value: entry, key: 'entryPoints' }));
  const tsconfig = api.tsconfig ? resolveExisting({ ctx, value: api.tsconfig, key: 'tsconfig' }) : undefined;
  const readmeFile = api.readme ? resolveExisting({ ctx, value: api.readme, key: 'readme' }) : undefined;
  const key = inputKey({ entryPoints: entryPoints.map((file) => path.relative(ctx.root, file)), tsconfig: tsconfig && path.relative(ctx.root, tsconfig) });
  const snapshot = api.snapshot ? snapshotFile({ root: ctx.root, value: api.snapshot, configFile: ctx.configFile }) : undefined;
  return { entryPoints, tsconfig, readmeFile, key, snapshot };
}

export async function loadApiModel(ctx: BuildContext): Promise<ApiModel> {
  const started = performance.now();
  const { entryPoints, tsconfig, readmeFile, key, snapshot } = apiInputs(ctx);
  let generated = false;
  let source = 'cached';
  let hash: { key: string; portable: string } | undefined;
  let model: CachedApiModel | undefined;
  let manifest = ctx.cache.get<ApiManifest>(MANIFEST_NAMESPACE, key);
  if (manifest) {
    hash = contentKey({ inputKey: key, manifest, root: ctx.root });
    model = ctx.cache.get<CachedApiModel>(MODEL_NAMESPACE, hash.key);
  }
  // FOLIO_API_SNAPSHOT=0 leaves the snapshot unread (a benchmark of the build as typedoc makes it).
  if (!model && snapshot && process.env.FOLIO_API_SNAPSHOT !== '0') {
    // Not in the cache (a clean checkout): the site's snapshot, when it is of these very sources.
    const name = toPosix(path.relative(ctx.root, snapshot));
    const read = readApiSnapshot({ file: snapshot, root: ctx.root, inputKey: key });
    if (read.status === 'current') {
      ({ model, manifest, hash } = read);
      ctx.cache.set(MANIFEST_NAMESPACE, key, manifest);
      ctx.cache.set(MODEL_NAMESPACE, hash.key, model);
      source = `from the snapshot ${name}`;
    } else if (read.status === 'invalid') {
      ctx.warnings.add({
        code: 'API_SNAPSHOT_INVALID',
        message: `api.snapshot ${name} ${read.reason}: typedoc ran instead`,
        location: { file: snapshot },
      });
    } else source = `the snapshot ${name} ${read.reason}: \`folio api-snapshot\` writes it`;
  }
  if (!model) {
    const run = await runTypedocOffThread({ root: ctx.root, entryPoints, tsconfig });
    generated = true;
    model = { project: run.project, problems: run.problems };
    manifest = run.manifest;
    hash = contentKey({ inputKey: key, manifest, root: ctx.root });
    ctx.cache.set(MANIFEST_NAMESPACE, key, manifest);
    ctx.cache.set(MODEL_NAMESPACE, hash.key, model);
  }
  for (const file of [...manifest!.files, ...manifest!.dirs, ...entryPoints, ...(tsconfig ? [tsconfig] : []), ...(readmeFile ? [readmeFile] : [])])
    ctx.cache.dependencies.add(file);
  for (const problem of model.problems) ctx.warnings.add(problemWarning(problem));
  const ms = performance.now() - started;
  const exports = model.project.children?.length ?? 0;
  ctx.logger.stage('api (typedoc)', ms, `${generated ? 'generated' : source}, ${exports} exports${generated && source !== 'cached' ? ` (${source})` : ''}`);
  const readme = readmeFile ? readSource({ file: readmeFile, baseDir: ctx.root, warn: (warning) => ctx.warnings.add(warning) }) : undefined;
  const sourceFiles = manifest!.files.filter((file) => !file.split(path.sep).includes('node_modules'));
  return {
    project: model.project,
    hash: hash!.key,
    portableHash: hash!.portable,
    root: ctx.root,
    generated,
    ms,
    sourceFiles,
    problems: model.problems,
    ...(readme ? { readme } : {}),
  };
}

const CODES = { entryPoints: 'API_ENTRY_MISSING', tsconfig: 'API_FAILED', readme: 'API_README_MISSING' } as const;

/** Resolves a path of config.api against the site root; a missing file is an error at its line in site.config.ts. */
function resolveExisting({ ctx, value, key }: { ctx: Pick<BuildContext, 'root' | 'configFile'>; value: string; key: keyof typeof CODES }): string {
  const file = path.resolve(ctx.root, value);
  if (existsSync(file)) return file;
  const line = configLine(ctx.configFile, value);
  throw new FolioError({
    code: CODES[key],
    message: `api.${key} "${value}" does not exist (looked for ${file})`,
    location: { file: ctx.configFile, ...(line ? { line } : {}) },
    ...(key === 'tsconfig' ? { hint: 'Fix api.tsconfig in site.config.ts: a path relative to the site root, or leave it out.' } : {}),
  });
}

function configLine(configFile: string, value: string): number | undefined {
  try {
    const lines = readFileSync(configFile, 'utf8').split('\n');
    const index = lines.findIndex((line) => line.includes(`'${value}'`) || line.includes(`"${value}"`) || line.includes(`\`${value}\``));
    return index >= 0 ? index + 1 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs typedoc in a worker thread when there is one to start: typedoc and the TypeScript checker
 * are synchronous, and meanwhile this thread goes on compiling the site's markdown (full-build.ts).
 */
async function runTypedocOffThread(input: TypedocInput): Promise<TypedocRun> {
  const file = workerEntry('typedoc-worker');
  return file ? runInWorker<TypedocInput, TypedocRun>(file, input).result : runTypedoc(input);
}
