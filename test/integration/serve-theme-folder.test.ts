/**
 * `folio serve` on a site that has no theme folder when it starts (#14): creating `theme/`
 * (or `src/theme/`) with a component in it while serve runs replaces folio's component on the
 * next rebuild, in the server HTML, the client bundle and the MDX pages that import
 * `@theme/Name`; deleting the folder brings folio's own back. Before, only a folder that existed
 * at start was watched: a new one went unseen until serve was restarted.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir } from '../support/fixtures.js';
import { connectEvents, startCli, type CliServer, type SseClient, type SseEvent } from '../support/serve.js';

let site: string;
let server: CliServer;
let sse: SseClient;

const file = (rel: string) => path.join(site, rel);
const get = async (route: string) => (await fetch(`${server.url}${route}`)).text();
/** The client bundle's scripts as written to the output (what the browser downloads). */
const clientJs = () =>
  readdirSync(file('out/assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(file(`out/assets/${name}`), 'utf8'))
    .join('\n');

/**
 * Runs a change and waits for the update that rebuilt it: the first update (or build error) after
 * which `done` holds. A rebuild still running for the test before (deleting a folder is several
 * watcher events, and on a busy machine they can make two rebuilds) ends with an update of its own
 * that came before this change was seen; up to three updates are waited for.
 */
async function change(action: () => void, done: () => Promise<boolean>): Promise<SseEvent> {
  let after = sse.events.length;
  action();
  try {
    for (let updates = 1; ; updates++) {
      const event = await sse.next({ after, match: (candidate) => candidate.name === 'update' || candidate.name === 'build-error' });
      if (event.name !== 'update' || updates === 3 || (await done())) return event;
      after = sse.events.indexOf(event) + 1;
    }
  } catch (error) {
    // What serve printed tells a change it never saw from a rebuild that never ended.
    throw new Error(`${(error as Error).message}\nfolio serve printed:\n${server.output().slice(-4000)}`);
  }
}

const FOOTER = `export default function Footer() {
  return <footer className="site-footer">Lanterns are lit by the night crew.</footer>;
}
`;
const ADMONITION = `export default function Admonition({ children }: { children?: unknown }) {
  return <aside className="hand-made-note">{children as never}</aside>;
}
`;

beforeAll(async () => {
  site = copyFixture('dev-site');
  // A doc that imports a theme component through @theme/, as Docusaurus pages do.
  writeFileSync(
    file('content/docs/notes.mdx'),
    '---\ntitle: Notes\n---\n\nimport Admonition from \'@theme/Admonition\';\n\n<Admonition type="note">Check the wick first.</Admonition>\n',
  );
  server = await startCli(['serve', '--root', site, '--port', '0']);
  sse = await connectEvents(server.url);
});

afterAll(async () => {
  sse?.close();
  await server?.stop();
  removeDir(site);
});

describe('folio serve and a theme folder created after start', () => {
  it("starts with folio's own components", async () => {
    expect(await get('/docs/getting-started')).not.toContain('night crew');
    expect(await get('/docs/notes')).not.toContain('hand-made-note');
  });

  it('takes theme/ created while serving: the page, the client bundle and an MDX page importing @theme/', async () => {
    const event = await change(
      () => {
        mkdirSync(file('theme'));
        writeFileSync(file('theme/Footer.tsx'), FOOTER);
        writeFileSync(file('theme/Admonition.tsx'), ADMONITION);
      },
      async () => (await get('/docs/getting-started')).includes('night crew'),
    );
    expect(event.name, JSON.stringify(event.data)).toBe('update');
    expect(await get('/docs/getting-started')).toContain('Lanterns are lit by the night crew.');
    expect(clientJs()).toContain('Lanterns are lit by the night crew.');
    expect(await get('/docs/notes')).toMatch(/<aside class="hand-made-note">[^<]*Check the wick first\./);
  });

  it("falls back to folio's own when the folder is deleted", async () => {
    const event = await change(
      () => rmSync(file('theme'), { recursive: true }),
      async () => !(await get('/docs/getting-started')).includes('night crew'),
    );
    expect(event.name, JSON.stringify(event.data)).toBe('update');
    expect(await get('/docs/getting-started')).not.toContain('night crew');
    expect(clientJs()).not.toContain('night crew');
    expect(await get('/docs/notes')).not.toContain('hand-made-note');
    expect(await get('/docs/notes')).toContain('Check the wick first.');
  });

  it('takes src/theme/ created while serving (Docusaurus keeps it there), with no src/ at start', async () => {
    const event = await change(
      () => {
        mkdirSync(file('src/theme'), { recursive: true });
        writeFileSync(file('src/theme/Footer.tsx'), FOOTER.replace('night crew', 'day crew'));
      },
      async () => (await get('/docs/getting-started')).includes('day crew'),
    );
    expect(event.name, JSON.stringify(event.data)).toBe('update');
    expect(await get('/docs/getting-started')).toContain('Lanterns are lit by the day crew.');
    const removed = await change(
      () => rmSync(file('src'), { recursive: true }),
      async () => !(await get('/docs/getting-started')).includes('day crew'),
    );
    expect(removed.name).toBe('update');
    expect(await get('/docs/getting-started')).not.toContain('day crew');
  });
});
