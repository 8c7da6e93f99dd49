/**
 * Finds the `# Title` a markdown body starts with, without parsing it
 * (blank lines, HTML/MDX comments and import/export lines are skipped).
 * Route building needs titles before anything is compiled.
 */
export function leadingTitle(body: string): string | undefined {
  const lines = body.split('\n');
  let inComment = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (inComment) {
      if (line.includes('-->')) inComment = false;
      continue;
    }
    if (!line) continue;
    if (line.startsWith('<!--')) {
      if (!line.includes('-->')) inComment = true;
      continue;
    }
    if (/^\{\/\*.*\*\/\}$/.test(line)) continue;
    if (/^(import|export)\s/.test(line)) continue;
    return /^#\s/.test(line) ? headingText(line) : undefined;
  }
  return undefined;
}

/**
 * The text of an ATX heading line (`# The \`generate\` command {#gen}` → `The generate command`).
 * The one title rule: the sidebar label and route title (leadingTitle, before compiling) and the
 * compiled page's <h1> (transformMdast) both come from here, so they always agree.
 */
export function headingText(line: string): string | undefined {
  const match = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line.trim());
  if (!match) return undefined;
  return plainText(match[1].replace(/\s*\\?\{#[^}]+\\?\}\s*$/, '')) || undefined;
}

/** Strips inline markdown from a heading: code ticks, emphasis, links, HTML and JSX tags. */
export function plainText(text: string): string {
  return text
    .replace(/<\/?[A-Za-z][\w.:-]*(\s[^<>]*)?\/?>/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.*?)\1/g, '$2')
    .replace(/(\*|_)(.*?)\1/g, '$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!<>])/g, '$1')
    .trim();
}
