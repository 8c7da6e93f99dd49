/** folio's public API: `import { defineConfig } from 'folio'` in site.config.ts. */
export { defineConfig } from './config/define-config.js';
export type { UserConfig, SiteConfig } from './config/schema.js';
export { build } from './build/build.js';
export type { BuildOptions, BuildResult } from './build/build.js';
export { BuildSession } from './build/session.js';
export type { SessionOptions, UpdateResult, UpdateSuccess, UpdateFailure, ReloadKind } from './build/session.js';
export type { FileEvent } from './build/changes.js';
export { startDevServer } from './dev/dev-server.js';
export type { DevServer, DevServerOptions } from './dev/dev-server.js';
export { startPreview } from './dev/preview.js';
export type { PreviewOptions, PreviewServer } from './dev/preview.js';
