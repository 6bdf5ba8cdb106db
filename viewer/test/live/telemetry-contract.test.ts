// SPDX-License-Identifier: AGPL-3.0-or-later
// The contract in three places that must agree: the JSON Schemas, the TypeScript types and checker, and
// docs/viewer-telemetry.md.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { viewerConfigSchema } from '../../src/config/config-file-check.js';
import { SETTING_NAMES, settingSpec } from '../../src/config/viewer-settings.js';
import { checkLiveEvent, liveEventSchema } from '../../src/telemetry/event-schema.js';
import { EVENT_KINDS } from '../../src/telemetry/live-event.js';

const docs = readFileSync(new URL('../../docs/viewer-telemetry.md', import.meta.url), 'utf8');
const base = { schema: 'pnr-live-event-v1', seq: 4, time: '2025-06-01T12:00:00Z', run: 'r1' };

function problems(event: Record<string, unknown>): string[] {
  const check = checkLiveEvent({ ...base, ...event });
  return check.ok ? [] : check.problems;
}

describe('telemetry contract', () => {
  it('compiles both schemas in ajv strict mode', () => {
    const ajv = new Ajv2020({ strict: true });
    expect(() => ajv.compile(liveEventSchema())).not.toThrow();
    expect(() => ajv.compile(viewerConfigSchema())).not.toThrow();
  });

  it('has the same event kinds in the schema, the types and the docs', () => {
    const schemaKinds =
      (liveEventSchema().properties as Record<string, { enum?: string[] }>).kind!.enum ?? [];
    expect(schemaKinds).toEqual([...EVENT_KINDS]);
    for (const kind of EVENT_KINDS) expect(docs).toContain(`| \`${kind}\` |`);
  });

  it('documents every viewer setting flag and machine environment variable', () => {
    for (const name of SETTING_NAMES) {
      const spec = settingSpec(name);
      expect(docs, spec.flag).toContain(`\`${spec.flag}\``);
      for (const env of spec.env ?? []) expect(docs).toContain(`\`${env}\``);
    }
  });

  it('accepts an event of each kind as the docs describe it', () => {
    const samples: Record<string, unknown>[] = [
      { kind: 'experiment_start', experiment: { name: 'e', seed: 1 } },
      {
        kind: 'experiment_end',
        status: 'completed',
        best: { lane: 'c0', cost: 1, checkpoint: `boards/${'0'.repeat(64)}.kicad_pcb` },
      },
      { kind: 'run_start', run_dir: 'runs/trial-3', tool: { name: 't' } },
      { kind: 'run_end', status: 'stopped', message: 'asked to' },
      { kind: 'lane_start', lane: 'c0.t1', lane_kind: 'trial', parent: 'c0', parameters: { t0: 20 } },
      { kind: 'lane_end', lane: 'c0.t1', status: 'pruned', cost: 3 },
      {
        kind: 'placement',
        lane: 'c0',
        step: 0,
        footprints: [{ ref: 'U1', x: 1.5, y: -2, rotation: 90, side: 'back' }],
      },
      {
        kind: 'placement_cost',
        lane: 'c0',
        step: 3,
        total: 10,
        terms: { wirelength: 9, overlap: 0.1 },
        footprints: [{ ref: 'U1', total: 2 }],
      },
      {
        kind: 'route',
        lane: 'c0',
        replace: true,
        nets: [
          {
            net: 'GND',
            tracks: [
              {
                layer: 'F.Cu',
                width: 0.25,
                points: [
                  [0, 0],
                  [1, 0],
                ],
              },
            ],
            vias: [{ x: 1, y: 0, size: 0.6, drill: 0.3 }],
          },
        ],
      },
      { kind: 'net_status', lane: 'c0', nets: [{ net: 'GND', status: 'partial', reason: 'no path' }] },
      { kind: 'checkpoint', lane: 'c0', board: `boards/${'a'.repeat(64)}.kicad_pcb`, phase: 'routing' },
      { kind: 'alternatives', question: 'which?', options: [{ id: 'c0', chosen: true }] },
      { kind: 'error', severity: 'warning', message: 'net GND is partial', net: 'GND', ext: { tool: 'x' } },
    ];
    expect(samples.map((s) => s.kind)).toEqual([...EVENT_KINDS]);
    for (const s of samples) expect(problems(s), String(s.kind)).toEqual([]);
  });

  it('explains what is wrong with an event in words that name the field', () => {
    expect(
      problems({ kind: 'checkpoint', lane: 'c0', board: 'boards/latest.kicad_pcb', phase: 'routing' }),
    ).toEqual(['"board" must be boards/<sha256 of the file>.<extension>']);
    expect(problems({ kind: 'run_start', run_dir: '../elsewhere' })).toEqual([
      '"run_dir" must be a path relative to the experiment folder, with "/" separators and no ".."',
    ]);
    expect(problems({ kind: 'lane_end', lane: 'c 0', status: 'completed' })).toEqual([
      '"lane" must be an id: letters, digits, ".", "_", ":", "-", starting with a letter or digit, at most 128 characters',
    ]);
    expect(problems({ kind: 'run_end', status: 'completed', time: 'yesterday' })).toEqual([
      '"time" must be an RFC 3339 time such as 2025-06-01T12:00:00Z',
    ]);
    expect(problems({ kind: 'progress' })).toEqual([
      '"kind" must be one of experiment_start, experiment_end, run_start, run_end, lane_start, lane_end, placement, placement_cost, route, net_status, checkpoint, alternatives, error',
    ]);
    expect(problems({ kind: 'lane_start', lane: 'c0', lane_kind: 'trial' })).toEqual([
      'the event is missing required field "parent"',
    ]);
    expect(problems({ kind: 'error', severity: 'error', message: 'x', step: 3 })).toEqual([
      'the event has unknown field "step"',
    ]);
  });
});
