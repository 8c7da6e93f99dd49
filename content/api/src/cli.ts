/**
 * The command-line entry point.
 *
 * @module
 */
import type { OclifLoadOptions } from './vendor.js';

/**
 * Runs the `codegen` command line: parses the arguments and dispatches to
 * the matching command (`generate`, `init`, and the help, version and
 * autocomplete commands). This is the function oclif (`@oclif/core`)
 * provides, re-exported here; it is what the package's `bin/run.mjs` script
 * calls. Library users rarely need it.
 *
 * @param argv - The command-line arguments, without the Node executable and
 *   script path. When left out, the arguments of the current process are
 *   used.
 * @param options - Where oclif loads the CLI configuration from: a root
 *   path or URL, a loaded oclif `Config`, or configuration options.
 * @returns A promise that settles when the command has finished, with the
 *   command's result.
 */
export declare function run(argv?: string[], options?: OclifLoadOptions): Promise<unknown>;
