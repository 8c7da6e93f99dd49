// Quick syntax check for content files while the engine is being written:
// node scripts/mdx-check.mjs <file.md> [...]
// Applies folio's compatibility mode (HTML comments, {#id} heading ids, :::admonitions)
// and compiles each file with @mdx-js/mdx, printing file:line:column for errors.
import { readFileSync } from 'node:fs';
import { compile } from '@mdx-js/mdx';
import matter from 'gray-matter';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';

function compat(src) {
  let inFence = false;
  return src
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
      if (inFence) return line;
      return line.replace(/(^#{1,6}\s.*?)\s*\{#([\w-]+)\}\s*$/, '$1 \\{#$2\\}');
    })
    .join('\n')
    .replace(/<!--([\s\S]*?)-->/g, (m) => m.replace(/[^\n]/g, ' '));
}

let failed = 0;
for (const file of process.argv.slice(2)) {
  const raw = readFileSync(file, 'utf8');
  let parsed;
  try {
    parsed = matter(raw);
  } catch (e) {
    failed++;
    console.error(`${file}: front matter: ${e.message}`);
    continue;
  }
  const offset = raw.slice(0, raw.length - parsed.content.length).split('\n').length - 1;
  try {
    await compile(compat(parsed.content), { remarkPlugins: [remarkGfm, remarkDirective] });
    console.log(`ok  ${file}`);
  } catch (e) {
    failed++;
    const line = (e.line ?? e.place?.line ?? e.position?.start?.line ?? 0) + offset;
    const col = e.column ?? e.place?.column ?? 0;
    console.error(`ERR ${file}:${line}:${col} ${e.reason ?? e.message}`);
  }
}
process.exitCode = failed ? 1 : 0;
