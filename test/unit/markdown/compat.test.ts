import { describe, expect, it } from 'vitest';
import { applyCompat } from '../../../src/markdown/compat.js';

const all = { comments: true, admonitions: true, headingIds: true };

describe('compatibility mode', () => {
  it('blanks HTML comments but keeps every other character in place', () => {
    const { text } = applyCompat('a <!-- x --> b\n<!--\nmulti\n-->\nc', all);
    expect(text.split('\n')).toEqual(['a            b', '    ', '     ', '   ', 'c']);
  });

  it('leaves comments inside code fences and inline code alone', () => {
    const source = '```html\n<!-- keep -->\n```\n`<!-- inline -->`';
    expect(applyCompat(source, all).text).toBe(source);
  });

  it('finds the truncate marker line', () => {
    expect(applyCompat('intro\n\n<!-- truncate -->\n\nrest', all).truncateLine).toBe(3);
    expect(applyCompat('intro\n{/* truncate */}\n', all).truncateLine).toBe(2);
    expect(applyCompat('```\n<!-- truncate -->\n```', all).truncateLine).toBeUndefined();
  });

  it('turns ":::type Title" into the directive label syntax', () => {
    expect(applyCompat(':::tip Keep it local\nx\n:::', all).text).toBe(':::tip[Keep it local]\nx\n:::');
    expect(applyCompat('::::warning\n', all).text).toBe('::::warning\n');
    expect(applyCompat(':::note[Already] \n', all).text).toBe(':::note[Already] \n');
  });

  it('escapes {#id} heading ids so MDX does not read them as expressions', () => {
    expect(applyCompat('## Install {#install}', all).text).toBe('## Install \\{#install\\}');
    expect(applyCompat('```\n## Install {#install}\n```', all).text).toBe('```\n## Install {#install}\n```');
  });
});
