export { FolioError, isFolioError, formatLocation, lineOf, rebuildWorkerError, workerErrorData } from './folio-error.js';
export type { SourceLocation, FolioErrorInit } from './folio-error.js';
export { asFolioError, fsError, isFsError } from './fs-error.js';
export { catalogue } from './catalogue.js';
export type { ErrorCode } from './catalogue.js';
