/**
 * The error and warning catalogue. Codes are stable: tests, docs and users
 * rely on them. Each entry says what it is and what to do about it.
 */
export const catalogue = {
  CONFIG_NOT_FOUND: {
    title: 'No site configuration',
    hint: 'Run folio in a folder with a site.config.ts, or pass --root <dir>.',
  },
  CONFIG_SYNTAX: {
    title: 'The site configuration does not compile',
    hint: 'Fix the syntax error in site.config.ts at the position shown.',
  },
  CONFIG_INVALID: {
    title: 'Invalid site configuration',
    hint: 'Check the key against the options defineConfig accepts (your editor shows them).',
  },
  CONFIG_NO_DEFAULT_EXPORT: {
    title: 'The site configuration has no default export',
    hint: 'End site.config.ts with `export default defineConfig({ ... })`.',
  },
  FRONT_MATTER_SYNTAX: {
    title: 'Front matter is not valid YAML',
    hint: 'Fix the YAML between the two --- lines at the top of the file.',
  },
  FRONT_MATTER_INVALID: {
    title: 'Front matter field has the wrong type',
    hint: 'Give the field a value of the expected type.',
  },
  CATEGORY_INVALID: {
    title: 'Invalid category metadata',
    hint: 'Fix _category_.json / _category_.yml: label (string), position (number), collapsible, collapsed (booleans), link.',
  },
  MDX_SYNTAX: {
    title: 'Markdown/MDX syntax error',
    hint: 'MDX treats { } and < as code: escape them with a backslash or put them in `backticks`.',
  },
  MDX_RUNTIME: {
    title: 'MDX content failed to render',
    hint: 'Check the JSX and expressions of this file; imports must resolve relative to it.',
  },
  PAGE_NO_DEFAULT_EXPORT: {
    title: 'Page component lacks a default export',
    hint: 'A .tsx file in the pages folder must `export default` a React component.',
  },
  PAGE_COMPILE: {
    title: 'Page or template does not compile',
    hint: 'Fix the TypeScript/JSX error at the position shown.',
  },
  RENDER_FAILED: {
    title: 'A page failed to render',
    hint: 'A template threw while rendering this route; the message names the cause.',
  },
  BLOG_UNKNOWN_AUTHOR: {
    title: 'Unknown blog author',
    hint: 'Add the author to authors.yml or use an existing key.',
  },
  BLOG_DATA_INVALID: {
    title: 'Invalid blog metadata file',
    hint: 'Fix authors.yml / tags.yml: each key maps to an object of the documented fields.',
  },
  BLOG_DATE_INVALID: {
    title: 'Invalid blog post date',
    hint: 'Use YYYY-MM-DD in the folder name or in the `date` front matter field.',
  },
  API_ENTRY_MISSING: {
    title: 'API entry point not found',
    hint: 'Fix api.entryPoints in site.config.ts: each path is relative to the site root.',
  },
  API_FAILED: {
    title: 'API reference could not be generated',
    hint: 'typedoc could not read the entry points; the message names the cause.',
  },
  API_README_MISSING: {
    title: 'API readme not found',
    hint: 'Fix api.readme in site.config.ts: a markdown file path relative to the site root.',
  },
  OUTPUT_FAILED: {
    title: 'Could not write the output folder',
    hint: 'Check that the output folder is writable and not in use.',
  },
  SERVE_PORT_IN_USE: {
    title: 'The port is already in use',
    hint: 'Stop the other server, pass --port <number> for another port, or --port 0 for any free port.',
  },
  SERVE_FAILED: {
    title: 'The server could not start',
    hint: 'Check --host and --port: the host must be an address of this machine and the port a number from 0 to 65535.',
  },
  PREVIEW_NO_OUTPUT: {
    title: 'Nothing to preview',
    hint: 'Run `folio build` first (or pass --out to the folder your build wrote).',
  },
  // Output, cache and file-system safety (issue 12).
  OUTPUT_COLLIDES: {
    title: 'The output folder collides with the site',
    hint: 'Choose an output folder that is not the site root, a folder above it, or a source folder (content, static, theme, cache), e.g. --out out.',
  },
  OUTPUT_NOT_FOLIO: {
    title: 'The output folder was not written by folio',
    hint: 'folio replaces its output folder on every build and only replaces folders it wrote itself. Pass --out with another folder, or move or delete this one yourself if it is yours to lose.',
  },
  OUTPUT_OLD_LEFT: {
    title: 'The previous output could not be deleted',
    hint: 'The new output is in place; delete the folder named yourself (check its permissions first). The next build tries again.',
  },
  FS_PERMISSION: {
    title: 'Permission denied',
    hint: 'Make the path readable (and writable, for output and cache folders) by the user running folio, or point folio at another folder.',
  },
  FS_NO_SPACE: {
    title: 'The disk is full',
    hint: 'Free some space on the disk that holds the path (deleting .folio-cache is always safe), then build again.',
  },
  FS_READ_ONLY: {
    title: 'The file system is read-only',
    hint: 'Build into a folder on a writable disk (--out), or remount the disk writable.',
  },
  FS_NOT_A_FOLDER: {
    title: 'A file is in the way of a folder',
    hint: 'folio needs a folder at this path but found a file (or the other way round): rename or remove it.',
  },
  FS_TOO_MANY_FILES: {
    title: 'Too many open files',
    hint: 'Raise the limit of open files (ulimit -n) or build with fewer threads (--threads 1).',
  },
  FS_FAILED: {
    title: 'A file operation failed',
    hint: 'The message names the operation and the path; check that the path exists and is usable.',
  },
  CACHE_UNAVAILABLE: {
    title: 'The build cache cannot be used',
    hint: 'This build runs without .folio-cache (slower, same output). Make the folder writable, or delete it; folio creates it again.',
  },
  CACHE_ENTRY_MISSING: {
    title: 'A cache entry left during the build',
    hint: 'Something deleted .folio-cache while folio was building. Build again.',
  },
  INTERNAL: {
    title: 'Unexpected failure inside folio',
    hint: 'This is a bug in folio. Run again with --debug (or FOLIO_DEBUG=1) for the stack trace and report it.',
  },
  WARNINGS_THROW: {
    title: "Warnings the site's options turn into errors",
    hint: "Fix each one listed, or set that option to 'warn' (or 'log', 'ignore') in site.config.ts to build anyway.",
  },
  STRICT_WARNINGS: {
    title: 'Warnings in strict mode',
    hint: 'Fix the warnings above, or build without --strict.',
  },
  // Warnings: printed with their source location, the build goes on.
  BROKEN_LINK: { title: 'Broken link', hint: 'Point the link at an existing page.' },
  BROKEN_MARKDOWN_LINK: {
    title: 'Broken markdown link',
    hint: 'The linked .md/.mdx file does not exist; fix the relative path.',
  },
  BROKEN_ANCHOR: { title: 'Broken anchor', hint: 'Link to a heading id that exists on the target page.' },
  DUPLICATE_ROUTE: { title: 'Duplicate route', hint: 'Give one of the two sources another slug or file name.' },
  INLINE_TAG: { title: 'Inline blog tag', hint: 'Declare the tag in tags.yml.' },
  INLINE_AUTHOR: { title: 'Inline blog author', hint: 'Declare the author in authors.yml.' },
  UNTRUNCATED_POST: {
    title: 'Blog post without truncate marker',
    hint: 'Add <!-- truncate --> after the introduction to set the excerpt.',
  },
  API_TYPE_ERROR: {
    title: 'TypeScript error in API sources',
    hint: 'The API pages are built from what typedoc could read; fix the error for complete pages.',
  },
  API_DOC_WARNING: {
    title: 'typedoc warning in API sources',
    hint: 'Fix the doc comment at the position shown (for example a {@link} to a name that does not exist).',
  },
  MISSING_IMAGE: { title: 'Missing image', hint: 'The image file referenced does not exist next to the content.' },
} as const;

export type ErrorCode = keyof typeof catalogue;
