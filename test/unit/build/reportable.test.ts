import { describe, expect, it } from 'vitest';
import { reportable } from '../../../src/build/incremental/incremental-build.js';
import type { Warning } from '../../../src/core/warnings.js';

const warning = (file: string, message: string): Warning => ({ code: 'BROKEN_LINK', message, location: { file, line: 3 } });

describe('reportable warnings', () => {
  it('shows new warnings and those of changed files, not unchanged ones again', () => {
    const old = warning('/site/a.md', 'broken link on /a: /x');
    const other = warning('/site/b.md', 'broken link on /b: /y');
    const fresh = warning('/site/c.md', 'broken link on /c: /z');
    expect(reportable({ previous: [old, other], current: [old, other, fresh], changed: ['/site/c.md'] })).toEqual([fresh]);
    expect(reportable({ previous: [old, other], current: [old, other], changed: ['/site/a.md'] })).toEqual([old]);
    expect(reportable({ previous: [old, other], current: [old, other], changed: ['/site/d.md'] })).toEqual([]);
  });

  it('shows a warning again once it went away and came back', () => {
    const link = warning('/site/a.md', 'broken link on /a: /x');
    expect(reportable({ previous: [], current: [link], changed: ['/site/b.md'] })).toEqual([link]);
  });
});
