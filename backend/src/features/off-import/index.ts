/**
 * The Open Food Facts importer: the import run (`npm run import:off`, the starter set, delta sync),
 * one batch of it (live lookup), the mapping of an OFF record, the one rule every call to OFF
 * follows (`guardedGet`), and the importer's index.
 */
export { importOff, type ImportContext } from './run-import';
export { importBatch, type BatchContext } from './import-batch';
export { mapOffRecord } from './map-record';
export { type JsonObject } from './read-records';
export { isUrl, NotAnExportError } from './open-source';
export { emptyCounts } from './progress';
export { guardedGet, readText } from './guarded-get';
export { catchUpImportIndex, countAwaitingOffReading } from './import-index';
export { hasPendingChanges } from './pending-changes';
