/**
 * `folio api-snapshot`: runs typedoc over the API sources and writes the model to the file
 * `api.snapshot` names (api-snapshot.ts), for builds from a clean checkout to take.
 */
import path from 'node:path';
import { loadConfig } from '../config/load-config.js';
import { cacheDirFor } from '../core/context.js';
import { createLogger, formatMs, type Logger } from '../core/logger.js';
import { FolioError } from '../errors/index.js';
import { toPosix } from '../content/read-source.js';
import { problemWarning, readApiSnapshot, snapshotText, writeApiSnapshot } from './api-snapshot.js';
import { apiInputs } from './load-api.js';
import { runTypedoc } from './run-typedoc.js';

export async function apiSnapshotCommand({ root: rootOption, logger = createLogger() }: { root: string; logger?: Logger }): Promise<number> {
  const started = performance.now();
  const root = path.resolve(rootOption);
  try {
    const loaded = await loadConfig({ root, cacheDir: cacheDirFor(root) });
    const api = loaded.config.api;
    if (!api?.snapshot) {
      throw new FolioError({
        code: 'CONFIG_INVALID',
        message: api ? 'api.snapshot is not set: there is no file to write the snapshot to' : 'the site has no api key: there is no API reference to snapshot',
        location: { file: loaded.file },
        hint: "Name the file in site.config.ts, e.g. api: { ..., snapshot: 'content/api/api-model.json' }.",
      });
    }
    const inputs = apiInputs({ config: loaded.config, root, configFile: loaded.file });
    const run = await runTypedoc({ root, entryPoints: inputs.entryPoints, tsconfig: inputs.tsconfig });
    const file = inputs.snapshot!;
    const write = () =>
      writeApiSnapshot({
        file,
        root,
        text: snapshotText({ root, inputKey: inputs.key, manifest: run.manifest, model: { project: run.project, problems: run.problems } }),
      });
    write();
    // Read back as a build would. A snapshot written into a folder of the sources changed that
    // folder's listing, which the snapshot records: written once more, it records itself.
    if (readApiSnapshot({ file, root, inputKey: inputs.key }).status !== 'current') write();
    const check = readApiSnapshot({ file, root, inputKey: inputs.key });
    if (check.status !== 'current') throw new Error(`the snapshot just written ${'reason' in check ? check.reason : ''}`);
    for (const problem of run.problems) logger.warn(problemWarning(problem));
    const name = toPosix(path.relative(root, file));
    logger.info(
      `Wrote the API snapshot ${name} (${run.project.children?.length ?? 0} exports from ${run.manifest.files.length} files) in ${formatMs(performance.now() - started)}.`,
    );
    return 0;
  } catch (error) {
    logger.error(error);
    return 1;
  }
}
