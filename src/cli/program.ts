/**
 * The command line: flags → API calls, no logic here.
 */
import type { Command } from 'commander';
import { commander } from '../core/cjs-packages.js';
import { folioVersion } from '../core/version.js';

export function createProgram(): Command {
  const program = new (commander().Command)();
  program.name('folio').description('Build documentation and blog sites rendered with React.').version(folioVersion(), '-v, --version');

  program
    .command('build')
    .description('build the site into the output folder')
    .option('--root <dir>', 'site folder (holds site.config.ts)', '.')
    .option('--out <dir>', 'output folder, relative to the root', 'out')
    .option('--strict', 'fail the build on warnings', false)
    .option('--quiet', 'print only warnings and errors', false)
    .option('--no-cache', 'ignore and do not write .folio-cache')
    .option(
      '--threads <n>',
      'threads compiling markdown, the main one included, at most one per core (1: single-threaded; default: one per core when there is over 1.5 MB of markdown to compile)',
    )
    .option('--force', 'run every stage even when nothing changed since the last build', false)
    .option('--debug', 'print the stack trace of errors (also FOLIO_DEBUG=1)', false)
    .action(
      async (options: { root: string; out: string; strict: boolean; quiet: boolean; cache: boolean; threads?: string; force: boolean; debug: boolean }) => {
        if (options.debug) process.env.FOLIO_DEBUG = '1';
        const { build } = await import('../build/build.js');
        // Digits only: `1.5` or `2x` is refused, not read as 1 or 2.
        const threads = options.threads === undefined ? undefined : /^\d+$/.test(options.threads) ? Number(options.threads) : Number.NaN;
        if (threads !== undefined && (!Number.isInteger(threads) || threads < 1)) {
          program.error(`--threads must be a whole number of 1 or more, got "${options.threads}"`);
        }
        const result = await build({
          root: options.root,
          outDir: options.out,
          strict: options.strict,
          quiet: options.quiet,
          useCache: options.cache,
          mode: 'production',
          threads,
          force: options.force,
        });
        process.exitCode = result.ok ? 0 : 1;
      },
    );

  program
    .command('api-snapshot')
    .description("write typedoc's model of the API sources to the file api.snapshot names, for builds from a clean checkout")
    .option('--root <dir>', 'site folder (holds site.config.ts)', '.')
    .option('--debug', 'print the stack trace of errors (also FOLIO_DEBUG=1)', false)
    .action(async (options: { root: string; debug: boolean }) => {
      if (options.debug) process.env.FOLIO_DEBUG = '1';
      const { apiSnapshotCommand } = await import('../api/snapshot-command.js');
      process.exitCode = await apiSnapshotCommand({ root: options.root });
    });

  serverOptions(program.command('serve').description('build the site, serve it and rebuild on change (drafts and future posts included)'), '3000').action(
    async (options: ServerFlags) => {
      if (options.debug) process.env.FOLIO_DEBUG = '1';
      const { serveCommand } = await import('../dev/commands.js');
      process.exitCode = await serveCommand({ root: options.root, port: parsePort(program, options.port), host: options.host, open: options.open });
    },
  );

  serverOptions(program.command('preview').description('serve the built output folder as a static host would (no watching)'), '4173')
    .option('--out <dir>', 'output folder, relative to the root', 'out')
    .action(async (options: ServerFlags & { out: string }) => {
      if (options.debug) process.env.FOLIO_DEBUG = '1';
      const { previewCommand } = await import('../dev/commands.js');
      process.exitCode = await previewCommand({
        root: options.root,
        outDir: options.out,
        port: parsePort(program, options.port),
        host: options.host,
        open: options.open,
      });
    });

  return program;
}

interface ServerFlags {
  root: string;
  port: string;
  host: string;
  open: boolean;
  debug: boolean;
}

/** The flags `serve` and `preview` share. */
function serverOptions(command: Command, defaultPort: string): Command {
  return command
    .option('--root <dir>', 'site folder (holds site.config.ts)', '.')
    .option('--port <number>', 'port to listen on (0 picks a free one)', defaultPort)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--open', 'open the site in the default browser', false)
    .option('--debug', 'print the stack trace of errors (also FOLIO_DEBUG=1)', false);
}

function parsePort(program: Command, value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) program.error(`--port must be a whole number from 0 to 65535, got "${value}"`);
  return port;
}
