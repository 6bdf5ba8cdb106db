// `rr impact ID` (docs/change-control.md, "The workflow"): what a change to an entity would make
// suspect, before the change: its links as parent, the risks above it, the cases of its sets.
import { describe, expect, test } from 'vitest';
import { changeImpact } from '../../tools/change-control/impact.js';
import { loadModel } from '../../tools/model/load-model.js';
import { rr } from '../cli/run-cli.js';

const EXAMPLE = 'examples/infusion-pump';

describe('impact of a change', () => {
  test('a mitigation: the requirements implementing it, its set, and the risk it controls', async () => {
    const model = await loadModel(EXAMPLE);
    const impact = changeImpact(model, model.byId.get('MIT-002')!);
    expect(impact.links.map((l) => `${l.child} ${l.link}`)).toEqual([
      'REQ-026 implements',
      'REQ-027 implements',
      'record:bench_occlusion_2026_03 verifies',
    ]);
    expect(impact.risks.map((r) => r.id)).toEqual(['RISK-002']);
  });

  test('a requirement deep in a chain: the risk above it through its mitigation', async () => {
    const model = await loadModel(EXAMPLE);
    const impact = changeImpact(model, model.byId.get('REQ-026')!);
    expect(impact.links.map((l) => `${l.child} ${l.link}`).sort()).toEqual([
      '//pump/sensors:pressure_monitor_test verifies',
      'record:bench_occlusion_2026_03 verifies',
    ]);
    expect(impact.risks.map((r) => r.id)).toEqual(['RISK-002']);
  });

  test('rr impact lists the links, the risks and the locked cases of its sets', async () => {
    const run = await rr(['impact', 'REQ-026', '--model', EXAMPLE]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('a change to the normative text of requirement REQ-026 would make suspect:');
    expect(run.stdout).toContain(
      '  verification set //pump/sensors:pressure_monitor_test of requirement REQ-026',
    );
    expect(run.stdout).toContain('risks whose chain passes through it: RISK-002');
    expect(run.stdout).toMatch(/test cases of its verification sets in the lock: [1-9]/);
    expect(run.stdout).toContain(
      '  //pump/sensors:pressure_monitor_test PressureMonitorTest/stops_motor_on_occlusion',
    );
    const json = JSON.parse(
      (await rr(['impact', 'REQ-026', '--model', EXAMPLE, '--format', 'json'])).stdout,
    ) as {
      risks: string[];
      cases: unknown[];
      casesFrom: string;
    };
    expect(json).toMatchObject({ risks: ['RISK-002'], casesFrom: 'lock' });
    expect((await rr(['impact', 'REQ-404', '--model', EXAMPLE])).stderr).toContain(
      'no entity has the id "REQ-404"',
    );
  });
});
