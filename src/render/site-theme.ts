/**
 * The site's own theme files (a simplified Docusaurus swizzle): `theme/Name.tsx` (or
 * `src/theme/Name.tsx`, where Docusaurus sites keep them) replaces folio's component of that
 * name, `templates/Name.tsx`, wherever folio's templates use it, in the server bundle and the
 * client bundle alike (so hydration agrees). The override may export the component as default
 * (Docusaurus) or by its name; `@theme-original/Name` reaches folio's own, `@theme/Name` the
 * site's when there is one. `customCss` files are added to the stylesheet after folio's.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import type { SiteConfig } from '../config/schema.js';
import { folioRoot } from '../core/folio-root.js';
import { realOrSelf, siteThemeFiles } from '../core/site-paths.js';
import { FolioError } from '../errors/index.js';

export interface SiteTheme {
  /** The site root: `@site/…` imports of pages and theme files resolve inside it. */
  root: string;
  /** The public URL of the assets folder (`/base/assets`): imported images and fonts are named from it. */
  assetsUrl: string;
  /** Component name → the site's file that replaces it. */
  overrides: Record<string, string>;
  /** The `customCss` files, absolute, in config order. */
  customCss: string[];
}

const COMPONENT_FILE = /^([A-Z][A-Za-z0-9]*)\.(tsx|jsx|ts|js)$/;

/** folio's component names a site may replace: the files of templates/ and templates/docusaurus/. */
export function overridableNames(): string[] {
  const names = (dir: string) =>
    readdirSync(dir)
      .map((file) => COMPONENT_FILE.exec(file)?.[1])
      .filter((name): name is string => name !== undefined);
  return [...new Set([...names(path.join(folioRoot(), 'templates')), ...names(path.join(folioRoot(), 'templates/docusaurus'))])].sort();
}

function inside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

export function siteThemeOf({ root, config, configFile }: { root: string; config: SiteConfig; configFile?: string }): SiteTheme {
  const realRoot = realOrSelf(root);
  const overrides: Record<string, string> = Object.create(null);
  const known = new Set(overridableNames());
  for (const [name, file] of Object.entries(siteThemeFiles(root))) {
    // A link out of the site is not bundled (the site's files only).
    if (known.has(name) && inside(realRoot, realOrSelf(file))) overrides[name] = file;
  }
  const customCss = config.customCss.map((entry) => {
    const file = path.resolve(root, entry);
    const problem =
      !inside(root, file) || !inside(realRoot, realOrSelf(file))
        ? 'is outside the site root'
        : !isFile(file)
          ? 'is not a file'
          : !/\.css$/i.test(file)
            ? 'is not a .css stylesheet'
            : undefined;
    if (problem) {
      throw new FolioError({
        code: 'CUSTOM_CSS_INVALID',
        message: `customCss "${entry}" ${problem}`,
        location: configFile ? { file: configFile } : undefined,
      });
    }
    return file;
  });
  return { root, assetsUrl: `${config.baseUrl}assets`, overrides, customCss };
}

function isFile(file: string): boolean {
  try {
    return existsSync(file) && statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A cache-key part: which components the site replaces, and its stylesheets. */
export function siteThemeKey(theme: SiteTheme | undefined): string {
  return theme ? JSON.stringify(theme) : '';
}

/** The client entry's imports of the `customCss` files (after folio's own stylesheet). */
export function customCssImports(theme: SiteTheme | undefined): string {
  return (theme?.customCss ?? []).map((file) => `import ${JSON.stringify(file)};\n`).join('');
}

/**
 * esbuild plugin: the templates' imports of a replaced component (`./Navbar.js`) load the site's
 * file; `@theme/Name`, `@theme-original/Name` and `@docusaurus/Name` in the site's files.
 */
export function siteThemePlugin(theme: SiteTheme | undefined): esbuild.Plugin {
  const templates = path.join(folioRoot(), 'templates');
  const folioFile = (name: string) =>
    [path.join(templates, `${name}.tsx`), path.join(templates, 'docusaurus', `${name}.tsx`), path.join(templates, 'docusaurus', `${name}.ts`)].find((file) =>
      existsSync(file),
    );
  const overrides = theme?.overrides ?? {};
  return {
    name: 'folio-site-theme',
    setup(build) {
      build.onResolve({ filter: /^\.\/[A-Z][A-Za-z0-9]*\.js$/ }, (args) => {
        if (path.dirname(args.importer) !== templates) return undefined;
        const name = args.path.slice(2, -3);
        return overrides[name] ? { path: name, namespace: 'folio-override' } : undefined;
      });
      build.onResolve({ filter: /^@site\// }, (args) => {
        if (!theme) return undefined;
        const file = path.resolve(theme.root, args.path.slice('@site/'.length));
        if (!inside(realOrSelf(theme.root), realOrSelf(file))) return { errors: [{ text: `import "${args.path}" points out of the site root` }] };
        return { path: file };
      });
      build.onResolve({ filter: /^@(theme|theme-original|docusaurus)\/[A-Za-z0-9]+$/ }, (args) => {
        const [scope, name] = args.path.split('/');
        if (scope === '@theme' && Object.hasOwn(overrides, name)) return { path: overrides[name] };
        const file = folioFile(name);
        if (!file) return undefined;
        // A template exports its component by name: give it a default export, as Docusaurus modules have.
        return file.startsWith(path.join(templates, 'docusaurus')) ? { path: file } : { path: name, namespace: 'folio-original' };
      });
      build.onLoad({ filter: /.*/, namespace: 'folio-override' }, (args) => {
        const original = JSON.stringify(path.join(templates, `${args.path}.tsx`));
        const override = JSON.stringify(overrides[args.path]);
        return {
          contents: `export * from ${original};\nimport * as site from ${override};\nexport const ${args.path} = site.default ?? site.${args.path};\n`,
          loader: 'js',
          resolveDir: templates,
        };
      });
      build.onLoad({ filter: /.*/, namespace: 'folio-original' }, (args) => {
        const original = JSON.stringify(path.join(templates, `${args.path}.tsx`));
        return { contents: `export * from ${original};\nexport { ${args.path} as default } from ${original};\n`, loader: 'js', resolveDir: templates };
      });
    },
  };
}
