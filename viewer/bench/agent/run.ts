// SPDX-License-Identifier: AGPL-3.0-or-later
// Benchmark of the viewer's assistant plumbing, without a model: the netlist dossier of a large board
// (chunking time, chunk count and size, chunks that change when one net changes), and the overhead of an
// Ask turn end to end with the fake assistant CLI of the tests (per-turn MCP listener, CLI process,
// MCP connection, one note written, conversation stored). Run with `npm run bench:viewer-agent`;
// RR_BENCH_NETS and RR_BENCH_TURNS change the sizes.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { netDossierChunks } from '../../src/agent/net-labels/net-dossier.js';
import { resolveViewerConfig } from '../../src/config/resolve-viewer-config.js';
import type { NetlistGraph } from '../../src/netlist/netlist-graph.js';
import { createViewerServer } from '../../src/server/viewer-server.js';

const NETS = Number(process.env.RR_BENCH_NETS ?? 20_000);
const TURNS = Number(process.env.RR_BENCH_TURNS ?? 10);
const FAKE_CLI = fileURLToPath(new URL('../../../test/agent/fake-cli/claude', import.meta.url));

function board(nets: number): NetlistGraph {
  const parts = Math.ceil(nets / 2);
  return {
    schema: 'pnr-netlist-graph-v1',
    components: Array.from({ length: parts }, (_, i) => ({
      ref: `U${i + 1}`,
      address: `top.block${i % 50}.u${i}`,
      value: `IC-${i % 300}`,
      footprint: 'Package_SO:SOIC-8_3.9x4.9mm_P1.27mm',
      pins: Array.from({ length: 8 }, (_, p) => ({
        pad: String(p + 1),
        name: `P${p + 1}`,
        type: 'passive' as const,
      })),
    })),
    nets: Array.from({ length: nets }, (_, n) => ({
      name: `/block${n % 50}/NET${n}`,
      pins: Array.from({ length: 4 }, (_, k) => {
        const slot = n * 4 + k;
        return { ref: `U${Math.floor(slot / 8) + 1}`, pad: String((slot % 8) + 1) };
      }),
    })),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function dossier(): void {
  const graph = board(NETS);
  const times: number[] = [];
  let chunks = netDossierChunks(graph, undefined, 'bench');
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    chunks = netDossierChunks(graph, undefined, 'bench');
    times.push(performance.now() - start);
  }
  const sizes = chunks.map((c) => c.text.length);
  const changed = structuredClone(graph);
  changed.nets[Math.floor(NETS / 2)]!.pins.pop();
  const after = netDossierChunks(changed, undefined, 'bench').map((c) => c.key);
  const differing = after.filter((k, i) => k !== chunks[i]?.key).length;
  console.log(`dossier of ${NETS} nets (${graph.components.length} components): ${chunks.length} chunks`);
  console.log(`  chunking, median of 5: ${median(times).toFixed(0)} ms`);
  console.log(
    `  chunk size: min ${Math.min(...sizes)}, max ${Math.max(...sizes)} characters; total ${sizes.reduce((a, b) => a + b, 0)}`,
  );
  console.log(`  one net changed: ${differing} chunk(s) to ask about again`);
}

function chat(port: number, question: string): Promise<void> {
  const body = JSON.stringify({ question });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/agent/chat',
        method: 'POST',
        headers: {
          host: `127.0.0.1:${port}`,
          origin: `http://127.0.0.1:${port}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve());
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function turns(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rr-bench-agent-'));
  try {
    const root = join(dir, 'exp', 'live');
    mkdirSync(root, { recursive: true });
    const resolved = resolveViewerConfig({
      flags: { root, listen: ['127.0.0.1:0'], agent: 'on', agentCli: FAKE_CLI, agentTotalUsd: '0' },
      cwd: dir,
      env: { VIEWER_USER_CONFIG: '' },
      home: dir,
    });
    if (!resolved.ok) throw new Error(JSON.stringify(resolved.problems));
    const server = await createViewerServer({
      config: resolved.config,
      uiDir: join(dir, 'no-ui'),
      log: () => undefined,
      agent: { env: { ...process.env, FAKE_CLI_MODE: 'answer' } },
    });
    const [bound] = await server.listen();
    const times: number[] = [];
    for (let i = 0; i < TURNS; i++) {
      const start = performance.now();
      await chat(bound!.port, `Please add a note number ${i}`);
      times.push(performance.now() - start);
    }
    await server.close();
    console.log(`Ask turn with the fake CLI (a note written), ${TURNS} turns one after another:`);
    console.log(`  median ${median(times).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

dossier();
await turns();
