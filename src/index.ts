/**
 * folio's public API: `import { defineConfig } from 'folio'` in site.config.ts, the types a site
 * author touches (the config, the `meta` of a `.tsx` page, errors and warnings) and the
 * programmatic build and servers. `npm run build:types` writes the declarations to dist-types/.
 */
export { defineConfig } from './config/define-config.js';
export type { UserConfig, SiteConfig } from './config/schema.js';
export type { PageMeta } from './content/page-meta.js';
export { FolioError, isFolioError } from './errors/folio-error.js';
export type { FolioErrorInit, SourceLocation } from './errors/folio-error.js';
export { catalogue } from './errors/catalogue.js';
export type { ErrorCode, CatalogueEntry } from './errors/catalogue.js';
export type { Warning, Severity } from './core/warnings.js';
export type { Emitter, EmitInput, EmittedFile } from './emitters/types.js';
export { build } from './build/build.js';
export type { BuildOptions, BuildResult } from './build/build.js';
export { BuildSession } from './build/session.js';
export type { SessionOptions, UpdateResult, UpdateSuccess, UpdateFailure, ReloadKind } from './build/session.js';
export type { FileEvent } from './build/incremental/changes.js';
export { startDevServer } from './dev/dev-server.js';
export type { DevServer, DevServerOptions } from './dev/dev-server.js';
export { startPreview } from './dev/preview.js';
export type { PreviewOptions, PreviewServer } from './dev/preview.js';
