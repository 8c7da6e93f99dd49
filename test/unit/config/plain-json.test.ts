import { describe, expect, it } from 'vitest';
import { plainJson } from '../../../src/config/load-config.js';

describe('plainJson (what a kept config validation may stand for)', () => {
  it('gives the JSON of plain data', () => {
    const value = { title: 'T', n: 1.5, on: true, none: null, list: [1, 'a', { b: [] }], bare: Object.assign(Object.create(null), { x: 1 }) };
    expect(plainJson(value)).toBe(JSON.stringify(value));
    expect(JSON.parse(plainJson(value) ?? '')).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('refuses anything JSON would not give back as it was', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const shared = { a: 1 };
    for (const value of [
      { emit() {} },
      { title: undefined },
      { when: new Date(0) },
      { pattern: /x/ },
      { n: Number.NaN },
      { n: Number.POSITIVE_INFINITY },
      { list: Object.assign(new Array(3), { 0: 1, 2: 3 }) },
      { [Symbol('s')]: 1 },
      { map: new Map() },
      Object.defineProperty({ title: 'T' }, 'hidden', { value: 1, enumerable: false }),
      cycle,
      [undefined],
      () => {},
      undefined,
      1n,
    ]) {
      expect(plainJson(value)).toBeUndefined();
    }
    // The same object twice is not a cycle.
    expect(plainJson({ x: shared, y: shared })).toBe('{"x":{"a":1},"y":{"a":1}}');
  });
});
