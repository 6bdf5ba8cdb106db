// `rr report`'s way into the incremental engine (docs/incremental.md, "The command line"): the model
// composed as a batch load composes it and handed to the engine, the model's rules run by the engine
// while the evidence is read on worker threads, then the evidence, the lock and the scanned annotations
// given to the engine, all read by loadInputs as every other front end reads them.
import { loadInputs, type InputOptions, type Inputs } from '../verify/inputs.js';
import { startModelEngine } from './load-model-engine.js';
import type { ModelEngine } from './model-engine.js';

/** What to read: as loadInputs, except how the model is read (the engine's loader reads it). */
export type EngineInputOptions = Omit<InputOptions, 'readModel' | 'startModel' | 'analyzeModel'>;

/** The engine over the model, with the evidence, lock and annotations set; and the inputs as read. */
export async function loadEngineInputs(
  options: EngineInputOptions,
): Promise<{ engine: ModelEngine; inputs: Inputs }> {
  let engine: ModelEngine | undefined;
  const inputs = await loadInputs({
    ...options,
    analyzeModel: false,
    startModel: (path) => {
      const load = startModelEngine(path);
      const model = load.engine.then((loaded) => {
        engine = loaded;
        // While the evidence's XML is parsed on worker threads, as loadInputs does with a batch analysis.
        if (options.evidence) loaded.modelAnalysis();
        return loaded.model();
      });
      return Promise.resolve({ onWorkers: load.onWorkers, model });
    },
  });
  // loadInputs awaited the model: the engine is there.
  const loaded = engine!;
  loaded.setEvidence(inputs.evidence, inputs.lock, inputs.sources);
  return { engine: loaded, inputs };
}
