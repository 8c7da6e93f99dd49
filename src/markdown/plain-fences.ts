/**
 * The fenced code blocks of a markdown body that plainly sit at its top level (the fence at the
 * start of a line after a blank one, and closed), read without parsing the markdown: what the
 * parse will most likely hand the highlighter. Used only to start highlighting early
 * (HighlightThread.prefetch): a block read wrongly here is tokenized for nothing, never shown,
 * because the compile asks for each block as its own parse found it.
 */
export interface PlainFence {
  /** The code as the HTML tree holds it: the lines, each ended by a newline. */
  text: string;
  lang: string | undefined;
  meta: string | undefined;
}

const OPEN = /^(`{3,}|~{3,})[ \t]*([^ \t]*)[ \t]*(.*)$/;

export function plainFences(body: string): PlainFence[] {
  // A CR, an escape or an entity in an info string: the parse reads those its own way.
  if (body.includes('\r')) return [];
  const lines = body.split('\n');
  const fences: PlainFence[] = [];
  for (let i = 0; i < lines.length; i++) {
    // After a blank line only: right under an HTML block's first line, a fence is that block's text.
    const open = i === 0 || lines[i - 1] === '' ? OPEN.exec(lines[i]) : null;
    if (!open) continue;
    const [, marker, lang, meta] = open;
    if (/[\\&]/.test(lang + meta) || (marker[0] === '`' && /`/.test(lang + meta))) continue;
    const close = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end])) end++;
    if (end === lines.length) break;
    const value = lines.slice(i + 1, end).join('\n');
    fences.push({ text: value ? `${value}\n` : '', lang: lang || undefined, meta: meta || undefined });
    i = end;
  }
  return fences;
}
