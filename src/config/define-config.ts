import type { UserConfig } from './schema.js';

/** Types a site.config.ts: `export default defineConfig({ ... })`. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
