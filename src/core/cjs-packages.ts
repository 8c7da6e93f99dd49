/**
 * CommonJS packages taken with `require`, on first use. Node 20 imports a CommonJS package into an
 * ES module by reading it, scanning its text for the names it exports and then loading it through
 * `require` anyway: esbuild's API took 40–45 ms that way against 15 ms required, commander 18–20
 * against 13 (measured in a process that had its ES loader running already). esbuild has no ES
 * entry and commander's wraps its CommonJS module, so an `import` of either elsewhere gets the
 * module required here. js-yaml ships a separate ES build: folio takes it from here only.
 */
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/** The package `name`, required the first time the returned function is called. */
function required<T>(name: string): () => T {
  let value: T | undefined;
  return () => {
    value ??= requireHere(name) as T;
    return value;
  };
}

/** esbuild's JavaScript API (its service process starts on the first build, not here). */
export const esbuild = required<typeof import('esbuild')>('esbuild');

const esbuildPackage = required<{ version: string }>('esbuild/package.json');

/** esbuild's version, from its package.json (part of a key, without loading its API). */
export const esbuildVersion = (): string => esbuildPackage().version;

/** commander, the CLI's argument parser. */
export const commander = required<typeof import('commander')>('commander');

/** js-yaml, for `_category_.yml` and `authors.yml` (front matter goes through front-matter.ts). */
export const yaml = required<typeof import('js-yaml')>('js-yaml');
