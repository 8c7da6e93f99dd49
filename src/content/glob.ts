/**
 * The globs of `docs.exclude`, as Docusaurus writes them (`**\/_*.{md,mdx}`,
 * `**\/__tests__/**`): `**` any number of folders, `*` and `?` within one
 * name, `{a,b}` alternatives. Matched against a path relative to the docs
 * folder, with `/` separators. Names starting with `.` are never content
 * (the walk does not list them), so no dot rule is needed here.
 */

/** A regular expression for one glob. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  let braces = 0;
  // Braces that do not pair up are plain characters.
  const paired = (glob.match(/\{/g)?.length ?? 0) === (glob.match(/\}/g)?.length ?? 0);
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === '*' && glob[i + 1] === '*') {
      // `**/` is zero or more folders; a trailing `**` is everything below.
      const slash = glob[i + 2] === '/';
      out += slash ? '(?:[^/]+/)*' : '.*';
      i += slash ? 2 : 1;
    } else if (char === '*') out += '[^/]*';
    else if (char === '?') out += '[^/]';
    else if (char === '{' && paired) {
      braces++;
      out += '(?:';
    } else if (char === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (char === ',' && braces > 0) out += '|';
    else out += char.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/** Whether a relative path (posix) matches any of the globs. */
export function matchesAny(relPath: string, globs: readonly RegExp[]): boolean {
  return globs.some((glob) => glob.test(relPath));
}
