// The Zephyr RTOS project's StrictDoc requirements imported as a user would: every requirement and
// every Parent relation arrives, the model validates with no error, and the report keeps what rr's
// model has no place for.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringList } from '../../tools/model/entity.js';
import { loadModel } from '../../tools/model/load-model.js';
import type { Model } from '../../tools/model/model.js';
import { validateModel } from '../../tools/validate/validate-model.js';
import { rr } from '../cli/run-cli.js';
import { needsZephyr, ZEPHYR } from './shared-data.js';
import { available } from '../requirements.js';

describe.runIf(available(needsZephyr()))('rr import strictdoc on the Zephyr requirements', () => {
  let dir: string;
  let out: string;
  let run: { code: number; stdout: string; stderr: string };
  let model: Model;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rr-zephyr-'));
    out = join(dir, 'model');
    run = await rr(['import', 'strictdoc', ZEPHYR, '--out', out]);
    model = await loadModel(out);
  }, 120_000); // rr imports 288 requirements in a child process, slowly on a loaded machine
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('imports every requirement and every Parent relation', () => {
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(model.entities.filter((e) => e.kind === 'requirement')).toHaveLength(288);
    const refines = model.entities.reduce((n, e) => n + stringList(e.data.refines).length, 0);
    expect(refines).toBe(257);
    expect(run.stdout).toMatch(/288 \[REQUIREMENT\] nodes/);
    expect(run.stdout).toMatch(/Parent relation → refines: 257/);
  });

  it('validates with no error, and says so', () => {
    const errors = validateModel(model).filter((d) => d.severity === 'error');
    expect(errors).toEqual([]);
    expect(run.stdout).toMatch(/rr validate .*: 288 entities, 0 errors/);
  });

  it('keeps ids, titles, statements and statuses, one file per document', () => {
    const mutex = model.byId.get('ZEP-SRS-6-1')!;
    expect(mutex.file.endsWith(join('docs', 'software_requirements', 'mutex.yaml'))).toBe(true);
    expect(mutex.data).toMatchObject({
      title: 'Mutex Kernel Object',
      description:
        'The Zephyr RTOS shall provide a mutex that allows threads to obtain mutually exclusive access to a shared resource.',
      status: 'draft',
      refines: 'ZEP-SYRS-13',
    });
  });

  it('keeps sections as tags and several parents as a list', () => {
    expect(model.byId.get('ZEP-SRS-2-1')!.data.tags).toBe('Thread Scheduling');
    const several = model.entities.filter((e) => stringList(e.data.refines).length >= 2);
    expect(several.length).toBeGreaterThan(0);
  });

  it('writes the config the data needs and says why', async () => {
    const config = await readFile(join(out, 'rr.yaml'), 'utf8');
    expect(config).toContain('name: Zephyr Project Requirements');
    expect(config).toContain('requirement: ZEP-');
    expect(config).toContain('id_pattern: ^{prefix}(?:SRS-[0-9]+-[0-9]+|SYRS-[0-9]+)$');
    expect(config).toContain('multi-parent-refines: warning');
    expect(run.stdout).toMatch(/rules\.multi-parent-refines: warning \(\d+ refine several parents/);
    expect(model.config.rules['multi-parent-refines']).toBe('warning');
  });

  it('lists in the report what rr has no place for: custom fields and [TEXT] nodes', async () => {
    const report = await readFile(join(out, 'import-report.md'), 'utf8');
    expect(report).toMatch(/### field COMPONENT \(288\)/);
    expect(report).toMatch(/### field TYPE \(288\)/);
    expect(report).toMatch(/### field USER_STORY \(108\)/);
    expect(report).toMatch(/### \[TEXT\] nodes \(25\)/);
    expect(report).toContain('- ZEP-SRS-6-1: Mutex');
    expect(run.stdout).toMatch(/field USER_STORY: 108/);
  });

  it('refuses an --out folder that is not empty, writing nothing', async () => {
    const again = await rr(['import', 'strictdoc', ZEPHYR, '--out', out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/is not empty; give a new or empty folder as --out/);
  });
});
