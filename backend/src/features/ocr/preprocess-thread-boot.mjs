// Loads the TypeScript body of a preprocessing thread (`workerData.entry`) through tsx, whether or
// not the process that starts the thread was itself started with tsx (npm start, vitest).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
