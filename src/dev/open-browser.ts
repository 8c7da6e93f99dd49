/** Opens a URL in the default browser (`--open`); never fails the command. */
import { spawn } from 'node:child_process';

export function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => {
      // no browser launcher on this machine: the URL is printed anyway
    });
    child.unref();
  } catch {
    // as above
  }
}
