/**
 * CSS modules (`import styles from './index.module.css'`) for `.tsx` pages, as Docusaurus sites
 * use them. Each class of the file is renamed `<file>_<class>_<hash>`, the same in the server and
 * the client bundle (esbuild's own `local-css` renames differently when the client is minified,
 * so the server-rendered classes would not match the stylesheet). The client bundle's stylesheet
 * gets the renamed rules; the server bundle only the names.
 *
 * A file is named by its path from the bundle's working folder (folio's folder, both bundles), not
 * by its absolute path: the classes are in every page's HTML and the module's name in the
 * stylesheet's hash, and with folio in the site (node_modules/folio) that relative path is the
 * same in every clone of the site, wherever it is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { hashOf } from '../core/hash.js';

/** The CSS with its class selectors renamed, and the names by original class. */
export function scopeCssModule(css: string, file: string): { css: string; classes: Record<string, string> } {
  const stem = path.basename(file, '.module.css').replace(/[^\w-]/g, '_');
  const suffix = hashOf(file).slice(0, 5);
  const classes: Record<string, string> = {};
  const rename = (prelude: string) =>
    prelude.replace(/\.(-?[_a-zA-Z][\w-]*)/g, (_whole, name: string) => {
      classes[name] ??= `${stem}_${name}_${suffix}`;
      return `.${classes[name]}`;
    });
  let out = '';
  let segment = '';
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    // Comments and strings are copied as they are (a `.x` in them is no selector).
    if (char === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      const stop = end === -1 ? css.length : end + 2;
      segment += css.slice(i, stop);
      i = stop - 1;
      continue;
    }
    if (char === '"' || char === "'") {
      let j = i + 1;
      while (j < css.length && css[j] !== char) j += css[j] === '\\' ? 2 : 1;
      segment += css.slice(i, j + 1);
      i = j;
      continue;
    }
    if (char === '{') {
      // A rule's selector (not an at-rule's prelude such as @media (min-width: 1.5em)).
      out += segment.trimStart().startsWith('@') ? segment : rename(segment);
      out += char;
      segment = '';
    } else if (char === '}' || char === ';') {
      out += segment + char;
      segment = '';
    } else segment += char;
  }
  return { css: out + segment, classes };
}

/** esbuild plugin: `.module.css` imports as scoped class names; `emitCss` puts the rules in the bundle's stylesheet. */
export function cssModulesPlugin({ emitCss }: { emitCss: boolean }): esbuild.Plugin {
  return {
    name: 'folio-css-modules',
    setup(build) {
      const cwd = build.initialOptions.absWorkingDir ?? process.cwd();
      const nameOf = (file: string) => path.relative(cwd, file).split(path.sep).join('/');
      build.onLoad({ filter: /\.module\.css$/, namespace: 'file' }, (args) => {
        const { classes } = scopeCssModule(readFileSync(args.path, 'utf8'), nameOf(args.path));
        const styles = emitCss ? `import ${JSON.stringify(`${args.path}?folio-css-module`)};\n` : '';
        return { contents: `${styles}export default ${JSON.stringify(classes)};\n`, loader: 'js', watchFiles: [args.path] };
      });
      // Only the import written above, by a .module.css file's module for itself: a page's own
      // `import '/anywhere?folio-css-module'` is not read through here.
      build.onResolve({ filter: /\?folio-css-module$/ }, (args) =>
        args.importer.endsWith('.module.css') && args.path === `${args.importer}?folio-css-module`
          ? { path: nameOf(args.importer), namespace: 'folio-css-module' }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'folio-css-module' }, (args) => {
        const file = path.resolve(cwd, args.path);
        return {
          contents: scopeCssModule(readFileSync(file, 'utf8'), args.path).css,
          loader: 'css',
          resolveDir: path.dirname(file),
          watchFiles: [file],
        };
      });
    },
  };
}
