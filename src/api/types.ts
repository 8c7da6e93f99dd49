/**
 * The API reference model: typedoc's JSON output (ProjectReflection, as
 * serialised by typedoc's Serializer) plus what folio derived from it.
 */
import type { JSONOutput } from 'typedoc';
import type { SourceFile } from '../content/read-source.js';
import type { SourceLocation } from '../errors/index.js';

export interface ApiModel {
  project: JSONOutput.ProjectReflection;
  /** Hash of the inputs the model was generated from (entry files, their imports, typedoc version). */
  hash: string;
  /**
   * The same inputs hashed with their paths relative to the site root: what the API routes' keys
   * (and so the names of their data files) are made from, equal wherever the site is checked out.
   * `hash` keeps the absolute paths: the cached model holds absolute paths too (problem locations).
   */
  portableHash: string;
  /** Site root; `sources[].fileName` in the project are relative to it (posix separators). */
  root: string;
  /** Readme markdown shown at the top of the index page (api.readme), as read from disk. */
  readme?: SourceFile;
  /** True when typedoc ran in this build; false when the model came from the cache. */
  generated: boolean;
  /** Milliseconds spent producing the model (typedoc, or the cache check). */
  ms: number;
  /** The site's own files typedoc read (entry points, their imports, the tsconfig): what a watcher should watch. */
  sourceFiles: string[];
  /** TypeScript errors and typedoc warnings found in the sources (kept with the cached model). */
  problems: ApiProblem[];
}

/** A TypeScript error or typedoc warning about the API sources. */
export interface ApiProblem {
  kind: 'typescript' | 'typedoc';
  message: string;
  location?: SourceLocation;
}

/** What the cache stores for one set of inputs. */
export interface CachedApiModel {
  project: JSONOutput.ProjectReflection;
  problems: ApiProblem[];
}

/** The files and folders a typedoc run read, recorded to validate the cached model. */
export interface ApiManifest {
  /** Every source file of the TypeScript program(s) and the tsconfig chain (absolute paths). */
  files: string[];
  /** Folders of the site's own source files: a new file there invalidates the model. */
  dirs: string[];
}
