// SPDX-License-Identifier: AGPL-3.0-or-later
// The schematic view on KiCad's largest demo netlist: time to import the netlist export (S-expression
// and XML), to build the schematic model (with the project's symbol library as --parts), the whole
// engine service in a subprocess as the viewer runs it, and the elkjs layout of the model (elkjs in
// Node, the same library and graph the page lays out in its web worker). Prints figures; asserts nothing.
// Environment: RR_BENCH_PROJECT (default vme-wren), RR_BENCH_RUNS (default 3).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ELK as ElkApi, ElkNode } from 'elkjs/lib/elk-api.js';
import { readKicadNetlist } from '../../src/netlist/kicad-netlist-file.js';
import { resolveEngineRuntime } from '../../src/engine-runtime/engine-runtime.js';
import { runEngineService } from '../../src/engine-runtime/engine-service-runner.js';
import { buildSchematic } from '../../src/schematic/schematic-builder.js';
import { readSymbolLibraries } from '../../src/schematic/kicad-symbol-library.js';
import {
  laidOutByBlock,
  schematicLayoutGraph,
  wiredNets,
} from '../../src/schematic/schematic-layout-graph.js';
import type { SchematicModel } from '../../src/schematic/schematic-model.js';

const DEMOS = '/usr/share/kicad/demos';
const PROJECT = process.env.RR_BENCH_PROJECT ?? 'vme-wren';
const RUNS = Number(process.env.RR_BENCH_RUNS ?? 3);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timed<T>(work: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = work();
  return { value, ms: performance.now() - start };
}

async function timedAsync<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

async function main(): Promise<void> {
  const dir = join(DEMOS, PROJECT);
  if (!existsSync(dir)) {
    process.stdout.write(`bench viewer-schematic: skipped: ${dir} is missing (run .ci/install-kicad)\n`);
    return;
  }
  const stem = readdirSync(dir)
    .find((f) => f.endsWith('.kicad_pro'))!
    .replace(/\.kicad_pro$/, '');
  const work = mkdtempSync(join(tmpdir(), 'rr-bench-schematic-'));
  try {
    const sexpr = join(work, `${stem}.net`);
    const xml = join(work, `${stem}.xml`);
    const schematic = join(dir, `${stem}.kicad_sch`);
    execFileSync('kicad-cli', ['sch', 'export', 'netlist', '-o', sexpr, schematic]);
    execFileSync('kicad-cli', ['sch', 'export', 'netlist', '--format', 'kicadxml', '-o', xml, schematic]);
    const parts = [dir];

    const importSexpr = median(Array.from({ length: RUNS }, () => timed(() => readKicadNetlist(sexpr)).ms));
    const importXml = median(Array.from({ length: RUNS }, () => timed(() => readKicadNetlist(xml)).ms));
    const graph = readKicadNetlist(sexpr);
    const symbols = timed(() => readSymbolLibraries(parts));
    const builds = Array.from({ length: RUNS }, () =>
      timed(() => buildSchematic(graph, { scope: 'design', symbols: symbols.value })),
    );
    const model = builds[0]!.value;
    const runtime = resolveEngineRuntime(undefined);
    const service = await timedAsync(() =>
      runEngineService(runtime, 'schematic', { scope: 'design', graph: sexpr, parts }),
    );
    const modelBytes = JSON.stringify(service.value).length;

    const ElkClass = createRequire(import.meta.url)('elkjs') as new () => ElkApi;
    const elk = new ElkClass();
    const layoutGraph = timed(() => schematicLayoutGraph(model as SchematicModel));
    const layouts: number[] = [];
    let laidOut: ElkNode | undefined;
    for (let i = 0; i < RUNS; i++) {
      const input = schematicLayoutGraph(model);
      const run = await timedAsync(() => elk.layout(input));
      layouts.push(run.ms);
      laidOut = run.value;
    }
    const wired = wiredNets(model).filter((b) => b !== undefined).length;
    const line = (label: string, value: string) => process.stdout.write(`  ${label.padEnd(44)} ${value}\n`);
    process.stdout.write(`bench viewer-schematic: ${PROJECT} (${RUNS} runs, median)\n`);
    line('components / nets / pins', `${model.stats.components} / ${model.stats.nets} / ${model.stats.pins}`);
    line('library / generic symbols', `${model.stats.librarySymbols} / ${model.stats.genericSymbols}`);
    line(
      'netlist export sizes (S-expr / XML)',
      `${(statSync(sexpr).size / 1024).toFixed(0)} KiB / ${(statSync(xml).size / 1024).toFixed(0)} KiB`,
    );
    line('import S-expression export', `${importSexpr.toFixed(0)} ms`);
    line('import XML export', `${importXml.toFixed(0)} ms`);
    line('read part symbols (--parts)', `${symbols.ms.toFixed(0)} ms (${symbols.value.byId.size} symbols)`);
    line('build schematic model', `${median(builds.map((b) => b.ms)).toFixed(0)} ms`);
    line(
      'engine service in a subprocess (cold)',
      `${service.ms.toFixed(0)} ms, model ${(modelBytes / 1024).toFixed(0)} KiB`,
    );
    line(
      'elkjs input graph',
      `${layoutGraph.ms.toFixed(0)} ms (${wired} wired nets, ${model.nets.length - wired} as labels)`,
    );
    line(
      'layout mode',
      laidOutByBlock(model) ? 'block by block (nets between blocks as labels)' : 'one graph',
    );
    line(
      'elkjs layout (layered, orthogonal, nested)',
      `${median(layouts).toFixed(0)} ms (min ${Math.min(...layouts).toFixed(0)})`,
    );
    line('laid-out size', `${laidOut?.width?.toFixed(0)} x ${laidOut?.height?.toFixed(0)} px`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
