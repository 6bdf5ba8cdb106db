// Worker thread of the compose pool: composes model files from the shared queue and posts them back,
// each as JSON text where JSON holds it exactly (composed-json.ts).
import { serveShare } from '../parallel/worker-shares.js';
import { composeModelFile } from './compose-file.js';
import { composedMessage } from './composed-json.js';

await serveShare(async (file) => composedMessage(await composeModelFile(file)));
