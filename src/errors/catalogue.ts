/**
 * The error and warning catalogue. Codes are stable: tests, docs and users
 * rely on them. Each entry says whether it stops the build (`error`) or is
 * printed while the build goes on (`warning`), what it is (`title`) and what
 * to do about it (`hint`). ERRORS.md is generated from it
 * (scripts/error-reference.mjs), and a test keeps the two in step.
 */
export interface CatalogueEntry {
  severity: 'error' | 'warning';
  title: string;
  hint: string;
}

export const catalogue = {
  // Errors: the build (or the server) stops, naming the file and line and what to do.
  CONFIG_NOT_FOUND: {
    severity: 'error',
    title: 'No site configuration',
    hint: 'Run folio in a folder with a site.config.ts, or pass --root <dir>.',
  },
  CONFIG_SYNTAX: {
    severity: 'error',
    title: 'The site configuration does not compile',
    hint: 'Fix the syntax error in site.config.ts at the position shown.',
  },
  CONFIG_INVALID: {
    severity: 'error',
    title: 'Invalid site configuration',
    hint: 'Check the key against the options defineConfig accepts (your editor shows them).',
  },
  CUSTOM_CSS_INVALID: {
    severity: 'error',
    title: 'A customCss stylesheet cannot be used',
    hint: 'customCss lists CSS files inside the site root, relative to it (for example src/css/custom.css); fix the path or create the file.',
  },
  CONFIG_NO_DEFAULT_EXPORT: {
    severity: 'error',
    title: 'The site configuration has no default export',
    hint: 'End site.config.ts with `export default defineConfig({ ... })`.',
  },
  FRONT_MATTER_SYNTAX: {
    severity: 'error',
    title: 'Front matter is not valid YAML',
    hint: 'Fix the YAML between the two --- lines at the top of the file.',
  },
  FRONT_MATTER_INVALID: {
    severity: 'error',
    title: 'Front matter field has the wrong type',
    hint: 'Give the field a value of the expected type.',
  },
  CATEGORY_INVALID: {
    severity: 'error',
    title: 'Invalid category metadata',
    hint: 'Fix _category_.json / _category_.yml: label (string), position (number), collapsible, collapsed (booleans), link.',
  },
  MDX_SYNTAX: {
    severity: 'error',
    title: 'Markdown/MDX syntax error',
    hint: 'MDX treats { } and < as code: escape them with a backslash or put them in `backticks`.',
  },
  MDX_RUNTIME: {
    severity: 'error',
    title: 'MDX content failed to render',
    hint: 'Check the JSX and expressions of this file; imports must resolve relative to it.',
  },
  MDX_TOO_DEEP: {
    severity: 'error',
    title: 'Content nested too deeply',
    hint: 'Flatten the nesting at the line shown (lists, quotes, JSX elements or admonitions inside one another); a few levels are plenty.',
  },
  ISLAND_BUNDLE: {
    severity: 'error',
    title: 'BrowserOnly content cannot be bundled for the browser',
    hint: 'What a <BrowserOnly> wraps runs in the browser: every component it renders must be imported (or declared) in the .mdx file, and what it imports must resolve (relative to the file, @site/, @theme/) to files inside the site root or installed packages. Fix the import or the code named in the message.',
  },
  MDX_IMPORT_NOT_FOUND: {
    severity: 'error',
    title: 'MDX import not found',
    hint: 'Fix the path of the import: it is resolved relative to the .mdx file and needs its extension (./Chart.js, not ./Chart); packages must be installed. The Docusaurus modules folio provides are listed in templates/README.md; for another one, write it in your site as src/theme/Name.tsx (or theme/Name.tsx), which @theme/Name then imports, or import your own component with a relative path; @site/ paths name a file inside the site root.',
  },
  MEDIA_OUTSIDE_SITE: {
    severity: 'error',
    title: 'Content refers to a file outside the site',
    hint: 'Move the file into the site (next to the content or into the static folder) and refer to it there; files outside the site root are never published.',
  },
  PAGE_NO_DEFAULT_EXPORT: {
    severity: 'error',
    title: 'Page component lacks a default export',
    hint: 'A .tsx file in the pages folder must `export default` a React component.',
  },
  PAGE_COMPILE: {
    severity: 'error',
    title: 'Page or template does not compile',
    hint: 'Fix the TypeScript/JSX error at the position shown.',
  },
  ROUTE_OUTSIDE_SITE: {
    severity: 'error',
    title: 'A route has a "." or ".." segment',
    hint: 'Pages are written under their route, so such a route could leave the output folder: give the file a slug (or name) without "." and ".." segments.',
  },
  RENDER_FAILED: {
    severity: 'error',
    title: 'A page failed to render',
    hint: 'A template threw while rendering this route; the message names the cause.',
  },
  BLOG_UNKNOWN_AUTHOR: {
    severity: 'error',
    title: 'Unknown blog author',
    hint: 'Add the author to authors.yml or use an existing key.',
  },
  BLOG_DATA_INVALID: {
    severity: 'error',
    title: 'Invalid blog metadata file',
    hint: 'Fix authors.yml / tags.yml: each key maps to an object of the documented fields.',
  },
  BLOG_DATE_INVALID: {
    severity: 'error',
    title: 'Invalid blog post date',
    hint: 'Use YYYY-MM-DD in the folder name or in the `date` front matter field.',
  },
  API_ENTRY_MISSING: {
    severity: 'error',
    title: 'API entry point not found',
    hint: 'Fix api.entryPoints in site.config.ts: each path is relative to the site root.',
  },
  API_FAILED: {
    severity: 'error',
    title: 'API reference could not be generated',
    hint: 'typedoc could not read the entry points; the message names the cause.',
  },
  API_SNAPSHOT_REFUSED: {
    severity: 'error',
    title: 'The API snapshot was not written',
    hint: 'api.snapshot names a file that is not an API snapshot folio wrote: point api.snapshot at another path, or move that file away yourself.',
  },
  API_README_MISSING: {
    severity: 'error',
    title: 'API readme not found',
    hint: 'Fix api.readme in site.config.ts: a markdown file path relative to the site root.',
  },
  OUTPUT_FAILED: {
    severity: 'error',
    title: 'Could not write the output folder',
    hint: 'Check that the output folder is writable and not in use.',
  },
  SERVE_PORT_IN_USE: {
    severity: 'error',
    title: 'The port is already in use',
    hint: 'Stop the other server, pass --port <number> for another port, or --port 0 for any free port.',
  },
  SERVE_FAILED: {
    severity: 'error',
    title: 'The server could not start',
    hint: 'Check --host and --port: the host must be an address of this machine and the port a number from 0 to 65535.',
  },
  PREVIEW_NO_OUTPUT: {
    severity: 'error',
    title: 'Nothing to preview',
    hint: 'Run `folio build` first (or pass --out to the folder your build wrote).',
  },
  OUTPUT_COLLIDES: {
    severity: 'error',
    title: 'The output folder collides with the site',
    hint: 'Choose an output folder that is not the site root, a folder above it, or a source folder (content, static, theme, cache), e.g. --out out.',
  },
  OUTPUT_NOT_FOLIO: {
    severity: 'error',
    title: 'The output folder was not written by folio',
    hint: 'folio replaces its output folder on every build and only replaces folders it wrote itself. Pass --out with another folder, or move or delete this one yourself if it is yours to lose.',
  },
  FS_PERMISSION: {
    severity: 'error',
    title: 'Permission denied',
    hint: 'Make the path readable (and writable, for output and cache folders) by the user running folio, or point folio at another folder.',
  },
  FS_NO_SPACE: {
    severity: 'error',
    title: 'The disk is full',
    hint: 'Free some space on the disk that holds the path (deleting .folio-cache is always safe), then build again.',
  },
  FS_READ_ONLY: {
    severity: 'error',
    title: 'The file system is read-only',
    hint: 'Build into a folder on a writable disk (--out), or remount the disk writable.',
  },
  FS_NOT_A_FOLDER: {
    severity: 'error',
    title: 'A file is in the way of a folder',
    hint: 'folio needs a folder at this path but found a file (or the other way round): rename or remove it.',
  },
  FS_TOO_MANY_FILES: {
    severity: 'error',
    title: 'Too many open files',
    hint: 'Raise the limit of open files (ulimit -n) or build with fewer threads (--threads 1).',
  },
  FS_FAILED: {
    severity: 'error',
    title: 'A file operation failed',
    hint: 'The message names the operation and the path; check that the path exists and is usable.',
  },
  CACHE_ENTRY_MISSING: {
    severity: 'error',
    title: 'A cache entry left during the build',
    hint: 'Something deleted .folio-cache while folio was building. Build again.',
  },
  INTERNAL: {
    severity: 'error',
    title: 'Unexpected failure inside folio',
    hint: 'This is a bug in folio. Run again with --debug (or FOLIO_DEBUG=1) for the stack trace and report it.',
  },
  EMITTER_FAILED: {
    severity: 'error',
    title: 'An emitter failed',
    hint: "An emitter (feeds, sitemap or one in site.config.ts's `emitters`) could not make its files; the message says which and why.",
  },
  WARNINGS_THROW: {
    severity: 'error',
    title: "Warnings the site's options turn into errors",
    hint: "Fix each one listed, or set that option to 'warn' (or 'log', 'ignore') in site.config.ts to build anyway.",
  },
  STRICT_WARNINGS: {
    severity: 'error',
    title: 'Warnings in strict mode',
    hint: 'Fix the warnings above, or build without --strict.',
  },
  // Warnings: printed with their source location, the build goes on (see WarningList for the
  // options that change what BROKEN_LINK, BROKEN_MARKDOWN_LINK, BROKEN_ANCHOR and DUPLICATE_ROUTE do).
  PREVIEW_NOT_FOLIO: {
    severity: 'warning',
    title: 'The folder to preview was not written by folio',
    hint: 'It is served anyway. To check your site as folio builds it, run `folio build` and preview its output (or pass --out to the folder your build wrote).',
  },
  SERVE_REQUEST_FAILED: {
    severity: 'warning',
    title: 'A request failed inside the server',
    hint: 'The request was answered with 500 and the server keeps serving. This is a bug in folio: run with --debug (or FOLIO_DEBUG=1) for the stack trace and report it.',
  },
  // Servers (issue 12, servers): the watcher of folio serve.
  SERVE_WATCH_LIMIT: {
    severity: 'warning',
    title: 'The watcher reached a system limit',
    hint: 'Changes in some folders may go unseen until folio serve is restarted. On Linux raise fs.inotify.max_user_watches (sysctl) for ENOSPC, or the open file limit (ulimit -n) for EMFILE.',
  },
  OUTPUT_OLD_LEFT: {
    severity: 'warning',
    title: 'The previous output could not be deleted',
    hint: 'The new output is in place; delete the folder named yourself (check its permissions first). The next build tries again.',
  },
  CACHE_UNAVAILABLE: {
    severity: 'warning',
    title: 'The build cache cannot be used',
    hint: 'This build runs without .folio-cache (slower, same output). Make the folder writable, or delete it; folio creates it again.',
  },
  BROKEN_LINK: {
    severity: 'warning',
    title: 'Broken link',
    hint: 'Point the link at an existing page.',
  },
  BROKEN_MARKDOWN_LINK: {
    severity: 'warning',
    title: 'Broken markdown link',
    hint: 'The linked .md/.mdx file does not exist; fix the relative path.',
  },
  BROKEN_ANCHOR: {
    severity: 'warning',
    title: 'Broken anchor',
    hint: 'Link to a heading id that exists on the target page.',
  },
  DUPLICATE_ROUTE: {
    severity: 'warning',
    title: 'Duplicate route',
    hint: 'Give one of the two sources another slug or file name.',
  },
  INLINE_TAG: {
    severity: 'warning',
    title: 'Inline blog tag',
    hint: 'Declare the tag in tags.yml.',
  },
  INLINE_AUTHOR: {
    severity: 'warning',
    title: 'Inline blog author',
    hint: 'Declare the author in authors.yml.',
  },
  UNTRUNCATED_POST: {
    severity: 'warning',
    title: 'Blog post without truncate marker',
    hint: 'Add <!-- truncate --> after the introduction to set the excerpt.',
  },
  API_TYPE_ERROR: {
    severity: 'warning',
    title: 'TypeScript error in API sources',
    hint: 'The API pages are built from what typedoc could read; fix the error for complete pages.',
  },
  API_DOC_WARNING: {
    severity: 'warning',
    title: 'typedoc warning in API sources',
    hint: 'Fix the doc comment at the position shown (for example a {@link} to a name that does not exist).',
  },
  API_SNAPSHOT_INVALID: {
    severity: 'warning',
    title: 'The API snapshot cannot be read',
    hint: 'Run `folio api-snapshot` to write it again (the build ran typedoc meanwhile and is complete).',
  },
  MISSING_IMAGE: {
    severity: 'warning',
    title: 'Missing image',
    hint: 'The image file referenced does not exist next to the content.',
  },
  CONTENT_SYMLINK_SKIPPED: {
    severity: 'warning',
    title: 'Symbolic link skipped',
    hint: 'Remove the link or point it at a folder outside the one that contains it (or at a file that exists).',
  },
  CONTENT_NOT_UTF8: {
    severity: 'warning',
    title: 'File is not UTF-8',
    hint: 'Open the file in an editor and save it with the UTF-8 encoding; other encodings show wrong characters.',
  },
  CATEGORY_LINK_UNKNOWN: {
    severity: 'warning',
    title: 'Category links to a doc that does not exist',
    hint: 'Set link.id in _category_ to the id of a doc (its path without extension and number prefixes, or its front matter id).',
  },
  STATIC_LINK_SKIPPED: {
    severity: 'warning',
    title: 'Symbolic link in the static folder left out',
    hint: 'Point the link at a file or folder inside the site (not at a folder that holds it), or copy the files into the static folder.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof catalogue;
