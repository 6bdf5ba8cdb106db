// Worker thread of readJUnitFiles: reads and parses the files it is given and posts the results back.
import { parentPort, workerData } from 'node:worker_threads';
import { readOne } from './junit-files.js';

parentPort!.postMessage((workerData as string[]).map(readOne));
