// Compressed copies of cached files: `<file>.gz` beside the file, made once (streamed through zlib,
// written to a temporary file and renamed) and remade when the file is newer than its copy. @fastify/static
// sends the copy to clients that accept gzip (file-replies.ts, preCompressed), so serving a 25 MB geometry
// file costs a read of about 3 MB and no compression per request.
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { replaceFileFrom } from '../files/atomic-write.js';

const pending = new Map<string, Promise<string>>();

/** The path of an up-to-date gzip copy of `file`, making it when missing or older than the file. */
export async function gzipCopy(file: string): Promise<string> {
  const target = `${file}.gz`;
  const [source, copy] = await Promise.all([stat(file), stat(target).catch(() => undefined)]);
  if (copy && copy.mtimeMs >= source.mtimeMs) return target;
  let running = pending.get(target);
  if (!running) {
    running = compress(file, target).finally(() => pending.delete(target));
    pending.set(target, running);
  }
  return running;
}

async function compress(file: string, target: string): Promise<string> {
  await replaceFileFrom(target, async (temporary) => {
    await pipeline(createReadStream(file), createGzip({ level: 6 }), createWriteStream(temporary));
    return true;
  });
  return target;
}
