import type GithubSlugger from 'github-slugger';
import { slug } from 'github-slugger';

/**
 * A unique slug for a text, as GitHub makes heading ids. Text with no letters or digits
 * (`🚀🔥`, `???`) slugs to "" (then "-1", "-2"): no usable id or URL segment. Such text gets
 * `fallback`, `fallback-1`… in order instead, as unique and stable as the others.
 */
export function slugOr(slugger: GithubSlugger, text: string, fallback: string): string {
  return slug(text) ? slugger.slug(text) : slugger.slug(fallback);
}
