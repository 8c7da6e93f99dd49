/**
 * The command line: flags → API calls, no logic here.
 */
import { Command } from 'commander';
import { build } from '../build/build.js';
import { folioVersion } from '../build/build.js';

export function createProgram(): Command {
  const program = new Command();
  program.name('folio').description('Build documentation and blog sites rendered with React.').version(folioVersion(), '-v, --version');

  program
    .command('build')
    .description('build the site into the output folder')
    .option('--root <dir>', 'site folder (holds site.config.ts)', '.')
    .option('--out <dir>', 'output folder, relative to the root', 'out')
    .option('--strict', 'fail the build on warnings', false)
    .option('--quiet', 'print only warnings and errors', false)
    .option('--no-cache', 'ignore and do not write .folio-cache')
    .action(async (options: { root: string; out: string; strict: boolean; quiet: boolean; cache: boolean }) => {
      const result = await build({ root: options.root, outDir: options.out, strict: options.strict, quiet: options.quiet, useCache: options.cache, mode: 'production' });
      process.exitCode = result.ok ? 0 : 1;
    });

  return program;
}
