import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../src/config/validate-config.js';

const base = { title: 'T', url: 'https://t.example' };

describe('validateConfig', () => {
  it('fills every default', () => {
    const config = validateConfig({ value: base, file: 'site.config.ts' });
    expect(config.baseUrl).toBe('/');
    expect(config.titleDelimiter).toBe('|');
    expect(config.colorMode).toEqual({ defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false });
    expect(config.toc).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 3 });
    expect(config.breakpoint).toBe(996);
    expect(config.docs).toBeUndefined();
  });

  it('fills nested defaults of docs and blog', () => {
    const config = validateConfig({ value: { ...base, docs: {}, blog: {} }, file: 'site.config.ts' });
    expect(config.docs?.versions).toEqual({ current: { label: 'Next' } });
    expect(config.blog?.postsPerPage).toBe(10);
    expect(config.blog?.feedOptions).toEqual({ type: 'all', language: 'en', limit: 20 });
  });

  it('names an unknown key, its line and the closest known key', () => {
    const source = "export default defineConfig({\n  title: 'T',\n  url: 'https://t.example',\n  navbar: { hideOnScrol: true },\n});\n";
    expect(() => validateConfig({ value: { ...base, navbar: { hideOnScrol: true } }, file: '/x/site.config.ts', source })).toThrow(
      /unknown key "navbar\.hideOnScrol"/,
    );
    try {
      validateConfig({ value: { ...base, navbar: { hideOnScrol: true } }, file: '/x/site.config.ts', source });
    } catch (error) {
      expect((error as { location: unknown }).location).toEqual({ file: '/x/site.config.ts', line: 4 });
      expect((error as { hint: string }).hint).toMatch(/Did you mean "hideOnScroll"\?/);
    }
  });

  it('rejects values of the wrong type', () => {
    expect(() => validateConfig({ value: { ...base, baseUrl: 'docs' }, file: 'site.config.ts' })).toThrow(/"baseUrl"/);
    expect(() => validateConfig({ value: { title: 'T' }, file: 'site.config.ts' })).toThrow(/"url"/);
  });
});
