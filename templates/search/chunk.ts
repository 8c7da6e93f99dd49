/** Entry of the search chunk (see load.ts): what the client's search dialog and /search page show. */
export { searchEngine } from './runtime.js';
export { SearchPageBody } from './SearchPageBody.js';
export { SearchResults } from './SearchResults.js';
