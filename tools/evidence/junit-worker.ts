// Worker thread of readJUnitFilesInParallel: parses evidence files from the shared queue and sends each
// back encoded (junit-read-codec.ts says why).
import { serveShare } from '../parallel/worker-shares.js';
import { readJUnitItem } from './junit-files.js';
import { encodeJUnitRead } from './junit-read-codec.js';

await serveShare((item) => Promise.resolve(encodeJUnitRead(readJUnitItem(item))));
