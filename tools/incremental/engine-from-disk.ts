import { readFileSync } from 'node:fs';
import { byCodePoint } from '../model/code-point-order.js';
import { isModelFileName, listModelFiles } from '../model/model-files.js';
import { decodeModelBytes, readModelTextSync, type ModelText } from '../model/model-text.js';
import { ModelEngine } from './model-engine.js';
import { syncReviewStampsWithDisk } from './review-stamps-from-disk.js';

/** A file's text as rr reads it from disk (decoded, or the reason it cannot be read). */
export function diskText(file: string): ModelText {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return readModelTextSync(file); // says why it cannot be read
  }
  return decodeModelBytes(file, bytes);
}

/**
 * Lists the model at `path` and sets the engine's listing and every file's text from disk, and the
 * review stamps beside it; files an editor holds open (`overlay`, model files and the stamps file)
 * take their text from there. Files whose text the engine already has are read again only when
 * `reread` says so (a watcher saw them change).
 */
export function syncEngineWithDisk(
  engine: ModelEngine,
  overlay: ReadonlyMap<string, string> = new Map(),
  reread: (file: string) => boolean = () => true,
): void {
  const listed = listModelFiles(engine.root);
  const files = new Set(listed.files);
  // A buffer not saved yet is part of the model as soon as it is open.
  for (const file of overlay.keys()) if (isModelFileName(file)) files.add(file);
  const listing =
    files.size === listed.files.length ? listed : { ...listed, files: [...files].sort(byCodePoint) };
  for (const file of files) {
    const open = overlay.get(file);
    if (open !== undefined) engine.setText(file, { ok: true, text: open, bom: false });
    else if (!engine.hasText(file) || reread(file)) engine.setText(file, diskText(file));
  }
  engine.setListing(listing);
  syncReviewStampsWithDisk(engine, overlay, reread);
}

/** An engine over the model at `path`, read from disk. */
export function openModelEngine(path: string): ModelEngine {
  const engine = new ModelEngine(path);
  syncEngineWithDisk(engine);
  return engine;
}
