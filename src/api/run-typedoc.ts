/**
 * Runs typedoc's programmatic API on the configured entry points:
 * `Application.bootstrap` + `convert` + `validate`, then the JSON serializer.
 * TypeScript errors do not stop the conversion: they are collected (with
 * file:line) as problems, and the model is built from what typedoc could
 * read. Also records every file the TypeScript program read, so the cached
 * model can be checked against them later without loading TypeScript.
 */
import path from 'node:path';
import type { Diagnostic, ParsedCommandLine, Program, TsConfigSourceFile } from 'typescript';
import { FolioError } from '../errors/index.js';
import type { ApiManifest, ApiProblem, CachedApiModel } from './types.js';

export interface TypedocInput {
  root: string;
  /** Absolute paths of the entry points (already checked to exist). */
  entryPoints: string[];
  /** Absolute path of the tsconfig, if the site names one. */
  tsconfig?: string;
}

export interface TypedocRun extends CachedApiModel {
  manifest: ApiManifest;
}

/** Compiler options used when the site names no tsconfig. */
const DEFAULT_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: [] as string[],
};

/** TS18003 "No inputs were found in config file": folio adds the entry points itself. */
const NO_INPUTS = 18003;

export async function runTypedoc(input: TypedocInput): Promise<TypedocRun> {
  const [{ Application, Converter, Logger }, { default: ts }] = await Promise.all([import('typedoc'), import('typescript')]);
  const problems: ApiProblem[] = [];
  const parsed = readCompilerOptions({ ts, input, problems });
  const fileNames = [...new Set([...parsed.fileNames.map((file) => path.resolve(file)), ...input.entryPoints])];

  /** Collects typedoc's warnings and errors with their source location instead of printing them. */
  class CollectingLogger extends Logger {
    private pending: ApiProblem['location'];
    readonly errors: string[] = [];
    protected override addContext(message: string, _level: number, ...args: unknown[]): string {
      this.pending = locate(args);
      return message;
    }
    override log(message: string, level: number): void {
      super.log(message, level);
      const location = this.pending;
      this.pending = undefined;
      if (level === 3) this.errors.push(location ? `${location.file}:${location.line}: ${message}` : message);
      if (level >= 2) problems.push({ kind: 'typedoc', message, ...(location ? { location } : {}) });
    }
  }

  const app = await Application.bootstrap(
    {
      entryPoints: input.entryPoints,
      entryPointStrategy: 'resolve',
      // The project name is not shown (the index page has the readme); naming it skips typedoc's package.json lookup warning.
      name: 'API',
      // Type errors are reported by folio (below) and must not stop the conversion.
      skipErrorChecking: true,
      // Internal types the sources deliberately keep private are referenced, not documented.
      validation: { notExported: false, notDocumented: false, invalidLink: true, rewrittenLink: true, unusedMergeModuleWith: true },
      readme: 'none',
      excludePrivate: true,
      excludeExternals: false,
      sort: ['kind', 'instance-first', 'source-order'],
      // Source paths relative to the site root; folio builds source URLs itself (api.sourceUrl).
      displayBasePath: input.root,
      disableGit: true,
      sourceLinkTemplate: '{path}#L{line}',
      logLevel: 'Warn',
    },
    [],
  );
  const logger = new CollectingLogger();
  app.logger = logger;
  withoutGit(app);
  app.options.setCompilerOptions(fileNames, parsed.options, parsed.projectReferences);
  let programs: readonly Program[] = [];
  app.converter.on(Converter.EVENT_BEGIN, (context) => {
    programs = context.programs;
  });
  const project = await app.convert();
  if (!project) {
    throw new FolioError({
      code: 'API_FAILED',
      message: `typedoc could not convert ${input.entryPoints.map((file) => path.relative(input.root, file)).join(', ')}${logger.errors.length ? `: ${logger.errors.join('; ')}` : ''}`,
      location: { file: input.entryPoints[0] },
    });
  }
  app.validate(project);
  for (const program of programs) problems.push(...typeErrors(ts, ts.getPreEmitDiagnostics(program), input.tsconfig));
  const json = app.serializer.projectToObject(project, input.root.split(path.sep).join('/') as Parameters<typeof app.serializer.projectToObject>[1]);
  return { project: json, problems, manifest: manifestOf({ programs, input, parsed }) };
}

type Ts = typeof import('typescript');

/**
 * typedoc 0.28 asks git about every folder of the program's sources before converting (`git
 * --version`, then `rev-parse` and `ls-files` for each repository found) even with `disableGit`,
 * whose source links never use what it finds: on this site about 0.3 s of the typedoc thread's
 * time (4 alternating cold builds), waiting on child processes. Its repository manager is assigned
 * to `app.repositories` at the start of each conversion; the one folio gets skips that step (its
 * `getRepository` answers from the template alone when git is disabled).
 */
function withoutGit(app: object): void {
  let manager: unknown;
  Object.defineProperty(app, 'repositories', {
    configurable: true,
    enumerable: true,
    get: () => manager,
    set(value: unknown) {
      const repositories = value as { disableGit?: boolean; initializeRepositoriesForDirs?: (dirs: string[]) => Promise<void> } | undefined;
      if (repositories?.disableGit && typeof repositories.initializeRepositoriesForDirs === 'function') {
        repositories.initializeRepositoriesForDirs = async () => {};
      }
      manager = value;
    },
  });
}

function readCompilerOptions({ ts, input, problems }: { ts: Ts; input: TypedocInput; problems: ApiProblem[] }): ParsedCommandLine {
  if (!input.tsconfig) {
    const converted = ts.convertCompilerOptionsFromJson(DEFAULT_COMPILER_OPTIONS, input.root);
    return { options: converted.options, fileNames: [], errors: [] };
  }
  const file = input.tsconfig;
  let fatal: Diagnostic | undefined;
  const parsed = ts.getParsedCommandLineOfConfigFile(file, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => (fatal = diagnostic) });
  if (!parsed || fatal) {
    const [problem] = typeErrors(ts, fatal ? [fatal] : [], file);
    throw new FolioError({
      code: 'API_FAILED',
      message: `cannot read the tsconfig: ${problem?.message ?? 'unknown error'}`,
      location: problem?.location ?? { file },
      hint: 'Fix api.tsconfig in site.config.ts (a path relative to the site root) or the tsconfig file itself.',
    });
  }
  problems.push(
    ...typeErrors(
      ts,
      parsed.errors.filter((diagnostic) => diagnostic.code !== NO_INPUTS),
      file,
    ),
  );
  return parsed;
}

/** TypeScript error diagnostics → problems with file:line:column. */
function typeErrors(ts: Ts, diagnostics: readonly Diagnostic[], fallbackFile: string | undefined): ApiProblem[] {
  const problems: ApiProblem[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
    const message = `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    if (diagnostic.file && diagnostic.start !== undefined) {
      const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      problems.push({ kind: 'typescript', message, location: { file: path.resolve(diagnostic.file.fileName), line: line + 1, column: character + 1 } });
    } else {
      problems.push({ kind: 'typescript', message, ...(fallbackFile ? { location: { file: fallbackFile } } : {}) });
    }
  }
  return problems;
}

/** Where a typedoc log call points: `(node)` or `(pos, sourceFile)`. */
function locate(args: unknown[]): ApiProblem['location'] {
  type MinimalFile = { fileName: string; text: string };
  let file: MinimalFile | undefined;
  let pos: number | undefined;
  const [first, second] = args;
  if (typeof first === 'number' && second && typeof second === 'object') {
    pos = first;
    file = second as MinimalFile;
  } else if (first && typeof first === 'object' && 'getSourceFile' in first) {
    const node = first as { getSourceFile(): MinimalFile; getStart(): number };
    file = node.getSourceFile();
    pos = node.getStart();
  }
  if (!file) return undefined;
  const before = file.text.slice(0, pos ?? 0);
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return { file: path.resolve(file.fileName), line, column };
}

/** Every file the programs read (TypeScript's own lib files excepted: its version is in the key). */
function manifestOf({ programs, input, parsed }: { programs: readonly Program[]; input: TypedocInput; parsed: ParsedCommandLine }): ApiManifest {
  const files = new Set<string>();
  const dirs = new Set<string>();
  if (input.tsconfig) files.add(input.tsconfig);
  for (const extended of (parsed.options.configFile as TsConfigSourceFile | undefined)?.extendedSourceFiles ?? []) files.add(path.resolve(extended));
  for (const program of programs) {
    for (const source of program.getSourceFiles()) {
      if (program.isSourceFileDefaultLibrary(source)) continue;
      const file = path.resolve(source.fileName);
      files.add(file);
      if (!file.split(path.sep).includes('node_modules')) dirs.add(path.dirname(file));
    }
  }
  return { files: [...files].sort(), dirs: [...dirs].sort() };
}
