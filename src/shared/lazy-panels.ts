/**
 * The panels of a `lazy` Tabs block that are not shown are inert `<template data-folio-lazy>`
 * elements (templates/docusaurus/Tabs.tsx): their content is not in the document until the reader
 * picks the tab, so ids inside them are no link targets and headings inside them no table of
 * contents entries. String scans of rendered HTML, shared by the compile and link-check stages.
 */
const ID = /\sid="([^"]*)"/g;
const LAZY_OPEN = '<template data-folio-lazy';

/** The ids of HTML that sit inside lazy-panel templates (none for most pages: one indexOf). */
export function heldIdsOf(html: string): Set<string> {
  const held = new Set<string>();
  for (const [start, end] of heldRanges(html)) for (const match of html.slice(start, end).matchAll(ID)) held.add(decodeAttribute(match[1]));
  return held;
}
const TEMPLATE_TAG = /<(\/?)template\b/gi;

/** The [start, end) spans of the outermost lazy-panel templates, in order. */
export function heldRanges(html: string): [number, number][] {
  const ranges: [number, number][] = [];
  let from = html.indexOf(LAZY_OPEN);
  while (from >= 0) {
    // Templates nest (a lazy Tabs block inside a lazy panel): find the matching close tag.
    let depth = 0;
    let end = html.length;
    TEMPLATE_TAG.lastIndex = from;
    for (let tag = TEMPLATE_TAG.exec(html); tag; tag = TEMPLATE_TAG.exec(html)) {
      depth += tag[1] ? -1 : 1;
      if (depth === 0) {
        end = tag.index;
        break;
      }
    }
    ranges.push([from, end]);
    from = html.indexOf(LAZY_OPEN, end);
  }
  return ranges;
}

/** The entities an attribute value written by React or hast-util-to-html can hold. */
export function decodeAttribute(value: string): string {
  if (!value.includes('&')) return value;
  return value
    .replace(/&#x26;|&amp;/g, '&')
    .replace(/&#x22;|&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}
