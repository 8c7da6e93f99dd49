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

let esbuildApi: typeof import('esbuild') | undefined;

/** esbuild's JavaScript API (its service process starts on the first build, not here). */
export function esbuild(): typeof import('esbuild') {
  esbuildApi ??= requireHere('esbuild') as typeof import('esbuild');
  return esbuildApi;
}

let commanderApi: typeof import('commander') | undefined;

/** commander, the CLI's argument parser. */
export function commander(): typeof import('commander') {
  commanderApi ??= requireHere('commander') as typeof import('commander');
  return commanderApi;
}

let yamlApi: typeof import('js-yaml') | undefined;

/** js-yaml, for `_category_.yml` and `authors.yml` (front matter goes through front-matter.ts). */
export function yaml(): typeof import('js-yaml') {
  yamlApi ??= requireHere('js-yaml') as typeof import('js-yaml');
  return yamlApi;
}
