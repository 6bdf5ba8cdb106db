// The command line's way into the incremental engine (docs/incremental.md, "The command line"): the
// model's files composed as a batch load composes them (worker threads for large models, the compose
// cache) and handed to the engine composed, with the review stamps beside the model.
import { startComposeModelTexts } from '../model/compose-pool.js';
import { listModelFiles } from '../model/model-files.js';
import { ModelEngine } from './model-engine.js';
import { syncReviewStampsWithDisk } from './review-stamps-from-disk.js';

/** An engine load under way: whether worker threads compose the files, and the engine to come. */
export interface ModelEngineLoad {
  onWorkers: boolean;
  engine: Promise<ModelEngine>;
}

/** Lists the model at `path` and starts composing its files: a large model's workers run when this returns. */
export function startModelEngine(path: string): ModelEngineLoad {
  const listing = listModelFiles(path);
  const started = startComposeModelTexts(listing.files);
  const engine = started.results.then((files) => {
    const engine = new ModelEngine(path);
    files.forEach(({ text, composed }, i) => engine.setText(listing.files[i]!, text, composed));
    engine.setListing(listing);
    syncReviewStampsWithDisk(engine);
    return engine;
  });
  return { onWorkers: started.workers > 0, engine };
}

/** An engine over the model at `path` (a directory or one file), read from disk. */
export function loadModelEngine(path: string): Promise<ModelEngine> {
  return startModelEngine(path).engine;
}
