/**
 * Worker thread entry: runs typedoc for the API stage, so the main thread
 * compiles the site's markdown meanwhile (load-api.ts). The model comes
 * back as the same plain JSON the cache stores.
 */
import { createRequire, register } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { workerErrorData } from '../errors/index.js';
import { runTypedoc, type TypedocInput } from './run-typedoc.js';

/**
 * TypeScript is one 9 MB CommonJS file. Imported from ES modules (typedoc's `import ts from
 * "typescript"`), Node first compiles it to tell whether it is CommonJS, then scans it for its
 * export names, then loads it; `require` only loads it. So it is required here, and a resolve
 * hook of this thread hands typedoc that same module object (default and named exports). This
 * site's typedoc job: 2.2 → 1.85 s of CPU. If registering the hook fails, typedoc imports
 * TypeScript the ordinary way.
 */
const TYPESCRIPT = Symbol.for('folio.typescript');
try {
  const ts = createRequire(import.meta.url)('typescript') as Record<string, unknown>;
  (globalThis as Record<symbol, unknown>)[TYPESCRIPT] = ts;
  // Its named exports too, as Node would give them (typedoc takes the default one).
  const named = Object.keys(ts)
    .filter((key) => key !== 'default')
    .map((key, i) => `const v${i} = ts[${JSON.stringify(key)}]; export { v${i} as ${JSON.stringify(key)} };`)
    .join('\n');
  const shim = `const ts = globalThis[Symbol.for("folio.typescript")];\nexport default ts;\n${named}`;
  const hooks = `
    export async function resolve(specifier, context, next) {
      if (specifier === 'typescript') return { url: 'folio-typescript:default', shortCircuit: true };
      return next(specifier, context);
    }
    export async function load(url, context, next) {
      if (url === 'folio-typescript:default') {
        return { format: 'module', shortCircuit: true, source: ${JSON.stringify(shim)} };
      }
      return next(url, context);
    }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
} catch {
  // The ordinary import below still works.
}

parentPort!.on('message', async ({ id, job }: { id: number; job: TypedocInput }) => {
  try {
    parentPort!.postMessage({ id, result: await runTypedoc(job) });
  } catch (error) {
    parentPort!.postMessage({ id, error: workerErrorData(error) });
  }
});
