/** Entry of the search chunk (see load.ts): what the client's search button and /search page show. */
export { SearchDialog } from './SearchDialog.js';
export { SearchPageBody } from './SearchPageBody.js';
