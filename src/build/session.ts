/**
 * A build session: the first build is a full one; after that, `update()`
 * takes the files that changed and rebuilds only what they affect, writing
 * into the live output folder file by file (see staging.ts). The session
 * keeps the loaded config, the content, the route table, the compiled
 * bodies, the bundles and the link records of the last good build. A
 * failed update changes nothing: its changes stay pending and are retried
 * with the next one. A config change builds from scratch.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { CodeHighlighter } from '../markdown/highlight.js';
import { serverBundleId, type ServerModule } from '../render/bundle-pages.js';
import type { BuildResult } from './build.js';
import { isEmptyPlan, planChanges, type FileEvent } from './incremental/changes.js';
import { sitePaths, type WatchedPaths } from '../core/site-paths.js';
import type { BuildMode } from '../core/context.js';
import { fullBuild } from './full-build.js';
import type { Logger } from '../core/logger.js';
import type { SessionState } from './incremental/session-state.js';
import { incrementalBuild, reportable, type IncrementalOutcome } from './incremental/incremental-build.js';

export interface SessionOptions {
  root: string;
  outDir?: string;
  mode?: BuildMode;
  logger: Logger;
  useCache?: boolean;
  /** The moment builds compare post dates with (default: the time of each build). */
  now?: () => Date;
  highlighter?: CodeHighlighter;
}

/** How the browser should pick up an update. */
export type ReloadKind = 'all' | 'pages' | 'css' | 'none';

export interface UpdateSuccess {
  ok: true;
  kind: 'full' | 'incremental' | 'none';
  /** Changed files (absolute). */
  changed: string[];
  /** Route paths written again ('/404' for the not-found page). */
  rendered: string[];
  /** Route paths that no longer exist. */
  removed: string[];
  reload: ReloadKind;
  /** The stylesheets pages now use (for swapping them in place). */
  styles: string[];
  /** Warnings to show for this update: new ones, and those of the changed files. */
  warnings: BuildResult['warnings'];
  /** Markdown files compiled by this update. */
  compiled: number;
  durationMs: number;
}

export interface UpdateFailure {
  ok: false;
  kind: 'full' | 'incremental';
  changed: string[];
  error: unknown;
  durationMs: number;
}

export type UpdateResult = UpdateSuccess | UpdateFailure;

export class BuildSession {
  readonly root: string;
  readonly outDir: string;
  readonly mode: BuildMode;
  private state: SessionState | undefined;
  private pending: FileEvent[] = [];
  private running: Promise<void> = Promise.resolve();
  private readonly serverIds = new WeakMap<ServerModule, string>();
  private serverCount = 0;
  private readonly highlighter: CodeHighlighter;

  constructor(private readonly options: SessionOptions) {
    this.root = path.resolve(options.root);
    this.outDir = path.resolve(this.root, options.outDir ?? 'out');
    this.mode = options.mode ?? 'development';
    this.highlighter = options.highlighter ?? new CodeHighlighter();
  }

  /** Whether a build has succeeded (there is a site to serve and to update). */
  get ready(): boolean {
    return this.state !== undefined;
  }

  /** The config of the last successful build. */
  get config(): SiteConfig | undefined {
    return this.state?.loaded.config;
  }

  /** The result of the last successful build's route table (paths). */
  get routePaths(): string[] {
    return this.state?.table.routes.map((route) => route.path) ?? [];
  }

  /** The folders and files this site's build reads (what to watch). */
  watchedPaths(): WatchedPaths {
    return sitePaths({ root: this.root, outDir: this.outDir, config: this.state?.loaded.config });
  }

  /** The server bundle's file hash, or a name of this session's own for a bundle that has none. */
  private serverId = (server: ServerModule): string => {
    let id = serverBundleId(server) ?? this.serverIds.get(server);
    if (!id) {
      id = `server-${++this.serverCount}`;
      this.serverIds.set(server, id);
    }
    return id;
  };

  /** Builds from scratch (atomically replacing the output folder). */
  async build({ report = false }: { report?: boolean } = {}): Promise<BuildResult> {
    const { result, state } = await fullBuild({
      root: this.root,
      outDir: this.outDir,
      mode: this.mode,
      logger: this.options.logger,
      report,
      useCache: this.options.useCache,
      now: this.options.now?.() ?? new Date(),
      highlighter: this.highlighter,
      serverId: this.serverId,
      outOption: 'outDir',
    });
    if (state) this.state = state;
    return result;
  }

  /**
   * Applies changed files. Changes of a failed update stay pending and are
   * applied again with the next call (so fixing one file rebuilds the rest).
   * Calls made while an update runs wait for it: updates never overlap.
   */
  update(events: readonly FileEvent[]): Promise<UpdateResult> {
    const next = this.running.then(() => this.runUpdate(events));
    this.running = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  private async runUpdate(events: readonly FileEvent[]): Promise<UpdateResult> {
    const started = performance.now();
    this.pending.push(...events);
    const plan = planChanges(this.pending, this.watchedPaths());
    const changed = plan.paths;
    if (this.state && isEmptyPlan(plan)) {
      this.pending = [];
      return {
        ok: true,
        kind: 'none',
        changed,
        rendered: [],
        removed: [],
        reload: 'none',
        styles: this.state.client.styles,
        warnings: [],
        compiled: 0,
        durationMs: 0,
      };
    }
    // No previous build, a new config, or an output folder removed behind our back: from scratch.
    if (!this.state || plan.config || !existsSync(this.outDir)) {
      const previous = this.state;
      const result = await this.build();
      const durationMs = performance.now() - started;
      if (!result.ok || !this.state) return { ok: false, kind: 'full', changed, error: result.error, durationMs };
      this.pending = [];
      return {
        ok: true,
        kind: 'full',
        changed,
        rendered: [...this.routePaths, '/404'],
        removed: previous ? previous.table.routes.map((r) => r.path).filter((p) => !this.state!.routes.has(p)) : [],
        reload: 'all',
        styles: this.state.client.styles,
        warnings: reportable({ previous: previous?.warnings ?? [], current: result.warnings, changed }),
        compiled: result.compiledCount ?? 0,
        durationMs,
      };
    }
    const outcome: IncrementalOutcome = await incrementalBuild({
      state: this.state,
      plan,
      root: this.root,
      outDir: this.outDir,
      mode: this.mode,
      logger: this.options.logger,
      useCache: this.options.useCache,
      now: this.options.now?.() ?? new Date(),
      highlighter: this.highlighter,
      serverId: this.serverId,
    });
    const durationMs = performance.now() - started;
    if (!outcome.ok) return { ok: false, kind: 'incremental', changed, error: outcome.error, durationMs };
    this.state = outcome.state;
    this.pending = [];
    return { ...outcome.update, ok: true, kind: 'incremental', changed, durationMs };
  }
}
