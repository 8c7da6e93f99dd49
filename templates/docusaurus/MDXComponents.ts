/**
 * `@theme-original/MDXComponents`: the components every MDX page may use without importing
 * them. A site's `theme/MDXComponents.tsx` (or `src/theme/`) adds its own, as in Docusaurus:
 * `export default { ...MDXComponents, Highlight }`.
 */
import Admonition from './Admonition.js';
import Details from './Details.js';

const MDXComponents = { Admonition, Details };
export default MDXComponents;
