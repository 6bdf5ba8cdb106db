// Worker thread of the compose pool: composes the files it is given and posts the results back.
import { parentPort, workerData } from 'node:worker_threads';
import { composeModelFile } from './compose-file.js';

const files = workerData as string[];
const results = [];
for (const file of files) results.push(await composeModelFile(file));
parentPort!.postMessage(results);
