import { describe, expect, it } from 'vitest';
import { DEV_CLIENT_SOURCE, DEV_EVENTS_PATH, injectDevClient } from '../../../src/dev/dev-client.js';
import { formatEvent } from '../../../src/dev/sse-hub.js';

describe('injectDevClient', () => {
  const page = '<!doctype html><html><head><title>x</title></head><body><p>hi</p>\n</body></html>\n';

  it('adds the script once, before </body>, with the base URL', () => {
    const html = injectDevClient(page, { base: '/', status: 200 });
    expect(html.indexOf('<script data-folio-dev')).toBeGreaterThan(html.indexOf('<p>hi</p>'));
    expect(html.indexOf('<script data-folio-dev')).toBeLessThan(html.indexOf('</body>'));
    expect(html.match(/data-folio-dev/g)).toHaveLength(1);
    expect(html).toContain('data-base="/"');
    expect(html).not.toContain('data-status');
    expect(injectDevClient(page, { base: '/site/', status: 404 })).toContain('data-base="/site/" data-status="404"');
  });

  it('appends to a page without </body>', () => {
    expect(injectDevClient('<p>fragment</p>', { base: '/', status: 200 })).toMatch(/^<p>fragment<\/p>\n<script data-folio-dev[^]*<\/script>\n$/);
  });

  it('is a self-contained script that cannot end its own element early', () => {
    expect(DEV_CLIENT_SOURCE).not.toMatch(/<\/script/i);
    expect(DEV_CLIENT_SOURCE).toContain(JSON.stringify(DEV_EVENTS_PATH));
    // Parses as a script on its own (no imports, no module syntax).
    expect(() => new Function(DEV_CLIENT_SOURCE)).not.toThrow();
  });
});

describe('formatEvent', () => {
  it('writes a named server-sent event with JSON data', () => {
    expect(formatEvent('update', { rendered: ['/a'] })).toBe('event: update\ndata: {"rendered":["/a"]}\n\n');
  });
});
