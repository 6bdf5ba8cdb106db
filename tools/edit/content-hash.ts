import { createHash } from 'node:crypto';

/** SHA-256 of bytes in hex: how a save recognises that a file changed since it was read. */
export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
