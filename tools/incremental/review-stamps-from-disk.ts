import { readFileSync, statSync } from 'node:fs';
import type { ModelEngine } from './model-engine.js';

/**
 * Sets the engine's review stamps from the file where loadModel reads them (beside config.sets_lock,
 * else in the model's folder): from `overlay` when an editor holds it open, else from disk when the
 * engine has none yet, when the place moved (config.sets_lock changed) or when `reread` says so.
 */
export function syncReviewStampsWithDisk(
  engine: ModelEngine,
  overlay: ReadonlyMap<string, string> = new Map(),
  reread: (file: string) => boolean = () => true,
): void {
  const path = engine.reviewStampsPath(isDirectory(engine.root));
  const open = overlay.get(path);
  if (open !== undefined) {
    engine.setReviewStamps({ path, text: open });
    return;
  }
  if (engine.reviewStampsFile()?.path === path && !reread(path)) return;
  engine.setReviewStamps(readReviewStamps(path));
}

/** The stamps file's text as loadModel reads it (UTF-8), or no text when there is no such file. */
function readReviewStamps(path: string): { path: string; text?: string } {
  try {
    return { path, text: readFileSync(path, 'utf8') };
  } catch {
    return { path };
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
