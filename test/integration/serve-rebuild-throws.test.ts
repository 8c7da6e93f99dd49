/**
 * A rebuild that throws (a fault inside folio, not an error in the site) must not leave
 * `folio serve` silent: the terminal and the open pages are told, serving goes on, and the
 * changes it held are built with the next one. Before, the rebuild queue swallowed the throw:
 * no line, no event, and the page in the browser never updated.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/dev-server.js';
import { createLogger } from '../../src/core/logger.js';
import { copyFixture, removeDir } from '../support/fixtures.js';
import { connectEvents, type SseClient } from '../support/serve.js';

let site: string;
let server: DevServer;
let sse: SseClient;
const lines: string[] = [];
const errors: unknown[] = [];

beforeAll(async () => {
  site = copyFixture('dev-site');
  const logger = { ...createLogger({ quiet: true, write: () => {}, writeError: () => {} }), error: (error: unknown) => void errors.push(error) };
  server = await startDevServer({ root: site, port: 0, logger, print: (line) => lines.push(line) });
  sse = await connectEvents(server.url);
}, 120_000);

afterAll(async () => {
  sse?.close();
  await server?.close();
  removeDir(site);
});

/** The next rebuild's outcome after event number `after`: a failed build or an update. */
const outcome = (after: number) => sse.next({ after, match: (event) => event.name === 'build-error' || event.name === 'update', timeoutMs: 30_000 });

describe('a rebuild that throws', () => {
  it('is told as a build error; the next change builds both', async () => {
    const update = server.session.update.bind(server.session);
    let calls = 0;
    server.session.update = (events) => {
      calls += 1;
      if (calls === 1) return Promise.reject(new Error('the bundler went away'));
      return update(events);
    };
    const page = path.join(site, 'content/docs/getting-started.md');
    const other = path.join(site, 'content/docs/notes.md');

    let after = sse.events.length;
    writeFileSync(page, '---\ntitle: Getting started\n---\n\nThe kettle is on.\n');
    const failed = await outcome(after);
    expect(failed.name).toBe('build-error');
    expect(String(failed.data.message)).toContain('the bundler went away');
    expect(lines.some((line) => /getting-started\.md → build failed/.test(line))).toBe(true);
    expect(errors.map(String).join('\n')).toContain('the bundler went away');
    // Still serving the last good site.
    expect((await fetch(`${server.url}/docs/getting-started`)).status).toBe(200);

    after = sse.events.length;
    writeFileSync(other, '---\ntitle: Notes\n---\n\nThe cups are in the cupboard.\n');
    const updated = await outcome(after);
    expect(updated.name, JSON.stringify(updated.data)).toBe('update');
    // The change the failed rebuild held was built with this one.
    expect(await (await fetch(`${server.url}/docs/getting-started`)).text()).toContain('The kettle is on.');
    expect(await (await fetch(`${server.url}/docs/notes`)).text()).toContain('The cups are in the cupboard.');
  });
});
