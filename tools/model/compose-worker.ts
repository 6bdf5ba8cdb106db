// Worker thread of the compose pool: composes model files from the shared queue and posts them back.
import { serveShare } from '../parallel/worker-shares.js';
import { composeModelFile } from './compose-file.js';

await serveShare(composeModelFile);
