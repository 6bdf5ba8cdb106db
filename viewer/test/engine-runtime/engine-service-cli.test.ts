// SPDX-License-Identifier: AGPL-3.0-or-later
// The subprocess runner and `rr engine-service` together, as the viewer uses them: the built rr answers
// a schematic request, and says why for an unknown service, a bad request or an unreadable graph.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveEngineRuntime } from '../../src/engine-runtime/engine-runtime.js';
import { EngineServiceError, runEngineService } from '../../src/engine-runtime/engine-service-runner.js';
import type { SchematicModel } from '../../src/schematic/schematic-model.js';
import { shortRun } from '../pnr-sim/sim-run.js';
import { tempDir } from '../temp-dir.js';

const installed = resolveEngineRuntime(undefined);

async function failure(service: string, request: unknown): Promise<EngineServiceError> {
  try {
    await runEngineService(installed, service, request, { timeoutMs: 60_000 });
  } catch (error) {
    if (error instanceof EngineServiceError) return error;
    throw error;
  }
  throw new Error('the service answered');
}

describe('rr engine-service through the subprocess runner', () => {
  it('builds the schematic of the graph rr pnr-sim wrote', async () => {
    const live = tempDir();
    await shortRun(live, { steps: 20, candidates: 1, trials: 1, rounds: 1 });
    const model = (await runEngineService(installed, 'schematic', {
      scope: 'design',
      graph: join(live, 'netlist-graph.json'),
    })) as SchematicModel;
    expect(model.schema).toBe('rr-schematic-v1');
    expect(model.components.length).toBeGreaterThan(10);
  });

  it('says which services there are, what is wrong with a request, and why a graph cannot be read', async () => {
    expect((await failure('layout', {})).message).toMatch(/no service "layout"; this engine has schematic/);
    expect((await failure('schematic', { scope: 'sideways' })).message).toContain(
      'schematic request: scope must be "design" or "board"',
    );
    const graph = join(tempDir(), 'graph.json');
    writeFileSync(graph, '{"schema": "pnr-netlist-graph-v1", "components": []}');
    const error = await failure('schematic', { scope: 'design', graph });
    expect(error.message).toContain(
      `${graph}:1: not a pnr-netlist-graph-v1 file: at the top level: missing required field "nets"`,
    );
  });
});
