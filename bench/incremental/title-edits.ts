// The harness both engine benches share: the batch analysis of the model for comparison, the engine's
// first load, and one-character edits of the first title of a file (as a language server gets them
// while the user types), each followed by that file's diagnostics and by all of them.
import { readFile } from 'node:fs/promises';
import { openModelEngine } from '../../tools/incremental/engine-from-disk.js';
import type { ModelEngine } from '../../tools/incremental/model-engine.js';
import { loadModel } from '../../tools/model/load-model.js';
import { validateModel } from '../../tools/validate/validate-model.js';
import { spread } from './percentiles.js';

/** Prints the batch load + validate of the model at `dir`, five times in this process. */
export async function printBatchFigures(dir: string): Promise<void> {
  const batch: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    validateModel(await loadModel(dir));
    batch.push(performance.now() - t0);
  }
  console.log(`batch load + validate (in process, warm): ${spread(batch)}`);
}

/** Opens an engine over `dir`, prints its first load, and returns it. */
export function openTimedEngine(dir: string): ModelEngine {
  const t0 = performance.now();
  const engine = openModelEngine(dir);
  const first = engine.diagnostics();
  console.log(
    `engine first load + diagnostics: ${(performance.now() - t0).toFixed(0)} ms (${first.length} diagnostics)`,
  );
  return engine;
}

/** The times of each edit's file diagnostics and of every file's diagnostics after it, in ms. */
export interface EditTimes {
  fileMs: number[];
  allMs: number[];
}

/**
 * `edits` one-character edits of the first title of the model's files in turn (every 7th file), each
 * undone before the next; `around` is called before and after each edit's measurement.
 */
export async function timeTitleEdits(
  engine: ModelEngine,
  edits: number,
  around?: { before(): void; after(): void },
): Promise<EditTimes> {
  const files = engine.model().files.filter((f) => !f.endsWith('rr.yaml'));
  const times: EditTimes = { fileMs: [], allMs: [] };
  for (let i = 0; i < edits; i++) {
    const file = files[(i * 7) % files.length]!;
    const text = await readFile(file, 'utf8');
    // One character more in the first title of the file, different each time.
    const at = text.indexOf('title: ') + 7;
    const edited = text.slice(0, at) + String.fromCharCode(97 + (i % 26)) + text.slice(at);
    around?.before();
    let t0 = performance.now();
    engine.setText(file, { ok: true, text: edited, bom: false });
    engine.diagnosticsOf(file);
    times.fileMs.push(performance.now() - t0);
    t0 = performance.now();
    engine.diagnostics();
    times.allMs.push(performance.now() - t0);
    around?.after();
    engine.setText(file, { ok: true, text, bom: false });
    engine.diagnosticsOf(file);
  }
  return times;
}
