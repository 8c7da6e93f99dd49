import { describe, expect, it } from 'vitest';
import type { UpdateSuccess } from '../../../src/build/session.js';
import { FolioError } from '../../../src/errors/index.js';
import { describeChanged, errorPayload, failureLine, successLine } from '../../../src/dev/report.js';
import { stripAnsi } from '../../support/fixtures.js';

const where = { root: '/site', themeRoot: '/folio' };
const at = new Date(2026, 0, 1, 9, 5, 7);
const success = (overrides: Partial<UpdateSuccess>): UpdateSuccess => ({
  ok: true,
  kind: 'incremental',
  changed: ['/site/content/docs/a.md'],
  rendered: ['/docs/a'],
  removed: [],
  reload: 'pages',
  styles: [],
  warnings: [],
  compiled: 1,
  durationMs: 42.4,
  ...overrides,
});

describe('terminal lines', () => {
  it('says what changed, how many pages were re-rendered and how long it took, on one line', () => {
    expect(stripAnsi(successLine({ result: success({}), where, now: at }))).toBe(
      '09:05:07 ✓ content/docs/a.md → 1 page re-rendered (/docs/a), 1 compiled in 42 ms',
    );
    const many = success({ rendered: ['/a', '/b', '/c', '/d', '/404'], removed: ['/e'], compiled: 0 });
    expect(stripAnsi(successLine({ result: many, where, now: at }))).toBe('09:05:07 ✓ content/docs/a.md → 4 pages re-rendered, 1 page removed in 42 ms');
    const css = success({ changed: ['/folio/templates/styles/base.css'], reload: 'css', rendered: ['/a', '/b'], compiled: 0 });
    expect(stripAnsi(successLine({ result: css, where, now: at }))).toBe(
      '09:05:07 ✓ templates/styles/base.css → stylesheet swapped, 2 pages re-rendered in 42 ms',
    );
    const full = success({ kind: 'full', changed: ['/site/site.config.ts'], rendered: ['/a', '/b', '/404'], durationMs: 1234 });
    expect(stripAnsi(successLine({ result: full, where, now: at }))).toBe('09:05:07 ✓ site.config.ts → full rebuild, 2 pages in 1.23 s');
    const failure = stripAnsi(
      failureLine({ result: { ok: false, kind: 'incremental', changed: ['/site/content/docs/a.md'], error: new Error('x'), durationMs: 9 }, where, now: at }),
    );
    expect(failure).toBe('09:05:07 ✗ content/docs/a.md → build failed in 9 ms; still serving the last good site');
  });

  it('shortens long lists of changed files', () => {
    expect(describeChanged(['/site/a', '/site/b', '/site/c', '/site/d', '/site/e'], where)).toBe('a, b, c +2 more');
  });
});

describe('errorPayload', () => {
  it('carries the location, the line and the hint of a FolioError, relative to the site', () => {
    const error = new FolioError({
      code: 'MDX_SYNTAX',
      message: 'Unexpected character',
      location: { file: '/site/content/docs/a.mdx', line: 7, column: 3 },
      excerpt: 'a { b',
    });
    expect(errorPayload(error, where)).toEqual({
      code: 'MDX_SYNTAX',
      title: 'Markdown/MDX syntax error',
      message: 'Unexpected character',
      file: 'content/docs/a.mdx',
      line: 7,
      column: 3,
      excerpt: 'a { b',
      hint: error.hint,
    });
  });

  it('shows unexpected errors with their stack', () => {
    const payload = errorPayload(new TypeError('bad'), where);
    expect(payload.title).toBe('Unexpected build failure');
    expect(payload.message).toContain('TypeError: bad');
  });
});
