/** folio's public API: `import { defineConfig } from 'folio'` in site.config.ts. */
export { defineConfig } from './config/define-config.js';
export type { UserConfig, SiteConfig } from './config/schema.js';
export { build } from './build/build.js';
export type { BuildOptions, BuildResult } from './build/build.js';
