/**
 * Every section of a site. A changed file goes to the first section whose folders hold it (the
 * API sources first: their folder may sit inside another section's). Adding a section is a file
 * in this folder, a key in `Content` (src/content/types.ts) and a line here.
 */
import { apiSection } from './api.js';
import { blogSection } from './blog.js';
import { docsSection } from './docs.js';
import { pagesSection } from './pages.js';
import type { Section } from './types.js';

export const sections: readonly Section[] = [apiSection, docsSection, blogSection, pagesSection];
