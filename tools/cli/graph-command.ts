import { ENTITY_KINDS, type EntityKind } from '../model/entity.js';
import { traceGraph } from '../report/trace-graph.js';
import { traceMermaid } from '../report/trace-mermaid.js';
import { analyze } from '../verify/analyze.js';
import { EXIT, type CliIo } from './cli-io.js';
import { loadInputs } from '../verify/inputs.js';

/** Options of `rr graph`. */
export interface GraphOptions {
  model: string;
  evidence?: string;
  focus?: string;
  depth: string;
  kinds?: string;
  format: 'mermaid' | 'json';
}

/** `rr graph`: the trace graph (needs, requirements, mitigations, risks) as Mermaid or JSON. */
export async function runGraph(options: GraphOptions, io: CliIo): Promise<number> {
  const kinds = (options.kinds ?? '').split(',').filter(Boolean);
  const bad = kinds.filter((k) => !ENTITY_KINDS.includes(k as EntityKind));
  const depth = Number(options.depth);
  if (bad.length > 0 || !Number.isInteger(depth) || depth < 0) {
    io.err(
      `rr graph: ${bad.length ? `unknown kind(s) ${bad.join(', ')}; use ${ENTITY_KINDS.join(', ')}` : '--depth takes a whole number'}\n`,
    );
    return EXIT.usage;
  }
  const inputs = await loadInputs({ model: options.model, evidence: options.evidence });
  if (options.focus && !inputs.model.byId.has(options.focus)) {
    io.err(`rr graph: --focus ${options.focus} is not an entity of the model\n`);
    return EXIT.usage;
  }
  const verdicts = new Map(analyze(inputs).entities.map((v) => [v.id, v.verdict]));
  const graph = traceGraph(inputs.model, {
    focus: options.focus,
    depth,
    kinds: kinds as EntityKind[],
    verdicts,
  });
  io.out(options.format === 'json' ? JSON.stringify(graph, null, 2) + '\n' : traceMermaid(graph));
  return inputs.unreadable ? EXIT.usage : EXIT.ok;
}
