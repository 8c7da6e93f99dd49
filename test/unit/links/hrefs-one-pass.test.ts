/**
 * A page's resolved hrefs are written into its HTML in one pass (hrefsInOnePass) when that gives
 * what rewriting pair after pair gives (hrefsPairByPair): checked here on generated fragments that
 * put the patterns where a search of the whole text finds them (inside other attributes' values,
 * after `data-`, single-quoted, entity-encoded, next to each other), and on pairs that entangle.
 */
import { describe, expect, it } from 'vitest';
import { hrefsInOnePass, hrefsPairByPair } from '../../../src/links/resolve-links.js';
import { random } from '../../support/tricky-markdown.js';

const FROM = ['./a.md', '../b/c.md', 'd.md#part', 'e&f.md', './g.md', 'h.md?x=1'];
const TO = ['/docs/a', '/docs/b/c', '/docs/d#part', '/docs/e&f', '/docs/g', '/docs/h?x=1'];
const encode = (value: string) => value.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;');

function fragment(next: () => number, values: string[]): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const pieces = [
    () => `<a href="${pick(values)}">link</a>`,
    () => `<a href='${pick(values)}'>single</a>`,
    () => `<a href="${encode(pick(values))}">encoded</a>`,
    () => `<a data-href="${pick(values)}" href="${pick(values)}">two</a>`,
    () => `<a title="see href=" href="${pick(values)}">inside a title</a>`,
    () => `<a href="x href="${pick(values)}">nested</a>`,
    () => `<code>href="${pick(values)}"</code>`,
    () => `href="${pick(values)}"href="${pick(values)}"`,
    () => '<p>text with href= and href=" unclosed</p>',
    () => `<img src="${pick(values)}">`,
    () => `<a href=${pick(values)}>unquoted</a>`,
  ];
  let html = '';
  const count = 1 + Math.floor(next() * 12);
  for (let i = 0; i < count; i++) html += pick(pieces)();
  return html;
}

describe('hrefs rewritten in one pass', () => {
  it('gives what pair after pair gives, on 3,000 generated fragments', () => {
    const next = random(17);
    let onePass = 0;
    for (let round = 0; round < 3000; round++) {
      const pairs: [string, string][] = [];
      for (let i = 0; i < FROM.length; i++) if (next() < 0.6) pairs.push([FROM[i], TO[i]]);
      if (next() < 0.1) pairs.push(['same.md', 'same.md']);
      // A pair whose value is another pair's result (a base URL added to a site-absolute link).
      if (next() < 0.1) pairs.push([TO[0], `/base${TO[0]}`]);
      const html = fragment(next, [...FROM, ...TO, 'https://example.com/', 'same.md']);
      const once = hrefsInOnePass(html, pairs);
      if (once === undefined) continue;
      onePass++;
      expect(once, `round ${round}: ${html} with ${JSON.stringify(pairs)}`).toBe(hrefsPairByPair(html, pairs));
    }
    // Plain pairs are the everyday case: nearly all of them go the one-pass way.
    expect(onePass).toBeGreaterThan(2500);
  });

  it('leaves entangled pairs to the pair-by-pair rewrite', () => {
    // A later pair would rewrite an earlier pair's result again.
    expect(
      hrefsInOnePass('<a href="./a.md">', [
        ['./a.md', '/x'],
        ['/x', '/y'],
      ]),
    ).toBeUndefined();
    // An encoded form of one pair is another pair's value.
    expect(
      hrefsInOnePass('<a href="a">', [
        ['a&b.md', '/p'],
        ['a&#x26;b.md', '/q'],
      ]),
    ).toBeUndefined();
    // A value an href could begin inside, or with a quote in it.
    expect(
      hrefsInOnePass('<a href="a">', [
        ['x href=y', '/p'],
        ['b', '/q'],
      ]),
    ).toBeUndefined();
    expect(
      hrefsInOnePass('<a href="a">', [
        ["it's.md", '/p'],
        ['b', '/q'],
      ]),
    ).toBeUndefined();
    for (const [html, pairs] of [
      [
        '<a href="./a.md">a</a><a href="/x">x</a>',
        [
          ['./a.md', '/x'],
          ['/x', '/y'],
        ],
      ],
      [
        '<a href="a&#x26;b.md">',
        [
          ['a&b.md', '/p'],
          ['a&#x26;b.md', '/q'],
        ],
      ],
    ] as [string, [string, string][]][]) {
      expect(hrefsPairByPair(html, pairs)).not.toBe(html);
    }
  });

  it('rewrites the hrefs a resolution lists and nothing else', () => {
    const html = '<p><a href="./a.md">A</a> <a href="https://example.com/">out</a> <a href=\'../b/c.md\'>B</a> <img src="./a.md"></p>';
    expect(
      hrefsInOnePass(html, [
        ['./a.md', '/docs/a'],
        ['../b/c.md', '/docs/b/c'],
      ]),
    ).toBe('<p><a href="/docs/a">A</a> <a href="https://example.com/">out</a> <a href=\'/docs/b/c\'>B</a> <img src="./a.md"></p>');
  });
});
