/**
 * One update in watch mode: the pipeline (../pipeline.ts) with the previous session state and
 * a change plan, written through a staged sink. Everything is computed and staged first; the
 * live output folder changes only at the end, file by file, when nothing failed.
 */
import type { BuildMode } from '../../core/context.js';
import { cacheDirFor, createContext } from '../../core/context.js';
import type { Logger } from '../../core/logger.js';
import { createRunner } from '../../core/task.js';
import { warningId, type Warning } from '../../core/warnings.js';
import type { CodeHighlighter } from '../../markdown/highlight.js';
import type { ServerModule } from '../../render/bundle-pages.js';
import { runBuild, sessionStateOf } from '../pipeline.js';
import type { ReloadKind } from '../session.js';
import { StagedSink } from '../sink.js';
import { isStyleOnly, type ChangePlan } from './changes.js';
import type { SessionState } from './session-state.js';

export interface IncrementalInput {
  state: SessionState;
  plan: ChangePlan;
  root: string;
  outDir: string;
  mode: BuildMode;
  logger: Logger;
  useCache?: boolean;
  now: Date;
  highlighter: CodeHighlighter;
  serverId: (server: ServerModule) => string;
}

export interface IncrementalUpdate {
  rendered: string[];
  removed: string[];
  reload: ReloadKind;
  styles: string[];
  warnings: Warning[];
  compiled: number;
}

export type IncrementalOutcome = { ok: true; state: SessionState; update: IncrementalUpdate } | { ok: false; error: unknown };

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

export async function incrementalBuild(input: IncrementalInput): Promise<IncrementalOutcome> {
  const { state: prev, plan, root, outDir } = input;
  // One line per update (printed by the caller): no stage lines from inside.
  const runner = createRunner(input.logger, false);
  const ctx = createContext({
    root,
    outDir,
    cacheDir: cacheDirFor(root),
    mode: input.mode,
    config: prev.loaded.config,
    configFile: prev.loaded.file,
    buildHash: prev.buildHash,
    logger: runner.stageLogger,
    now: input.now,
    useCache: input.useCache,
  });
  const sink = new StagedSink(outDir, prev.outputFiles);
  try {
    const { sources, written } = await runBuild({
      ctx,
      changes: { previous: prev, plan },
      sink,
      run: runner.run,
      highlighter: input.highlighter,
      serverId: input.serverId,
      keepUnresolved: true,
    });
    sink.commit();
    const state = sessionStateOf({ loaded: prev.loaded, ctx, sources, written });
    const renderedPaths = written.rendered.rendered.map((route) => route.path);
    if (written.rendered.notFoundChanged) renderedPaths.push('/404');
    const { removed } = written.rendered;
    return {
      ok: true,
      state,
      update: {
        rendered: renderedPaths,
        removed,
        reload: reloadKind({ plan, prev, state, renderedPaths, removed }),
        styles: written.client.styles,
        warnings: reportable({ previous: prev.warnings, current: ctx.warnings.items, changed: plan.paths }),
        compiled: sources.compiled.compiledCount,
      },
    };
  } catch (error) {
    await sink.discard();
    return { ok: false, error };
  } finally {
    ctx.cache.close();
  }
}

function reloadKind({
  plan,
  prev,
  state,
  renderedPaths,
  removed,
}: {
  plan: ChangePlan;
  prev: SessionState;
  state: SessionState;
  renderedPaths: string[];
  removed: string[];
}): ReloadKind {
  const scriptsChanged = !sameList(prev.client.scripts, state.client.scripts);
  const stylesChanged = !sameList(prev.client.styles, state.client.styles);
  if (isStyleOnly(plan) && !scriptsChanged && prev.server === state.server) return stylesChanged ? 'css' : 'none';
  if (scriptsChanged || prev.server !== state.server || plan.statics.length > 0) return 'all';
  return renderedPaths.length || removed.length ? 'pages' : 'none';
}

/** Warnings worth printing: those not shown by the last build, and those of the changed files. */
export function reportable({
  previous,
  current,
  changed,
}: {
  previous: readonly Warning[];
  current: readonly Warning[];
  changed: readonly string[];
}): Warning[] {
  const known = new Set(previous.map(warningId));
  const files = new Set(changed);
  return current.filter((warning) => !known.has(warningId(warning)) || (warning.location?.file !== undefined && files.has(warning.location.file)));
}
