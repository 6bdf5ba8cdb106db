// Source annotations of a model: its annotation patterns, and only its ids count, so `@implements Foo`
// in unrelated code is no annotation.
import type { Model } from '../model/model.js';
import { scanAnnotations, type ScanProgress } from '../sources/scan-annotations.js';
import type { SourceAnnotations } from './analyze.js';

/** Scans `root` (or only `files` below it) for annotations of the model's entities. */
export async function scanModelAnnotations(
  model: Model,
  root: string,
  files?: readonly string[],
  onProgress?: (progress: ScanProgress) => void,
): Promise<SourceAnnotations> {
  const scan = await scanAnnotations(root, model.config.annotation_patterns, {
    knownIds: new Set(model.byId.keys()),
    ...(files ? { files } : {}),
    ...(onProgress ? { onProgress } : {}),
  });
  return { root, scan };
}
