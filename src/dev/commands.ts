/**
 * The `serve` and `preview` commands around the servers: print expected
 * errors without a stack trace, run until Ctrl-C (or SIGTERM), then shut
 * the watcher, the server and esbuild's helper process down so the port is
 * free and nothing is left running. Returns the exit code.
 */
import { esbuild } from '../core/cjs-packages.js';
import { createLogger } from '../core/logger.js';
import { startDevServer, type DevServerOptions } from './dev-server.js';
import { startPreview, type PreviewOptions } from './preview.js';

/** Resolves on the first SIGINT or SIGTERM; a second one exits at once. */
function interrupted(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.once('SIGINT', () => process.exit(130));
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

async function runUntilInterrupted(start: () => Promise<{ close(): Promise<void> }>, name: string): Promise<number> {
  const logger = createLogger();
  const signal = interrupted();
  let server: { close(): Promise<void> };
  try {
    server = await start();
  } catch (error) {
    logger.error(error);
    await esbuild().stop();
    return 1;
  }
  await signal;
  process.stdout.write(`\n  ${name} stopped\n`);
  await server.close();
  await esbuild().stop();
  return 0;
}

export function serveCommand(options: Omit<DevServerOptions, 'logger' | 'print'>): Promise<number> {
  return runUntilInterrupted(() => startDevServer(options), 'folio serve');
}

export function previewCommand(options: Omit<PreviewOptions, 'print'>): Promise<number> {
  return runUntilInterrupted(() => startPreview(options), 'folio preview');
}
