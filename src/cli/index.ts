import { formatError } from '../core/logger.js';
import { createProgram } from './program.js';

// A safety net: an error nothing caught is printed like any other (no stack unless --debug or
// FOLIO_DEBUG) and fails the command, instead of a raw trace; `serve` keeps serving.
const report = (error: unknown) => {
  process.exitCode = 1;
  process.stderr.write(`${formatError(error)}\n`);
};
process.on('unhandledRejection', report);
process.on('uncaughtException', report);

await createProgram().parseAsync(process.argv);
