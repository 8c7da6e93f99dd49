import { describe, expect, it } from 'vitest';
import { resolveDocusaurusImport } from '../../../src/markdown/docusaurus.js';

describe('resolveDocusaurusImport', () => {
  const site = { root: '/site', theme: { Badge: '/site/src/theme/Badge.tsx' } };

  it("reaches a site's override, folio's module, or says what is missing", () => {
    expect(resolveDocusaurusImport('@theme/Badge', site)).toEqual({ siteFile: '/site/src/theme/Badge.tsx' });
    expect(resolveDocusaurusImport('@theme/Tabs', site)).toHaveProperty('url');
    expect(resolveDocusaurusImport('@theme/DocItem', site)).toHaveProperty('problem');
  });

  it('names of Object.prototype are names like any other: a problem, never a crash', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      for (const scope of ['@theme', '@theme-original', '@docusaurus']) {
        const resolved = resolveDocusaurusImport(`${scope}/${name}`, site);
        expect(resolved, `${scope}/${name}`).toHaveProperty('problem');
      }
    }
  });
});
