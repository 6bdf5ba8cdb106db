// Every file of the ReqIF corpus (23 files written by DOORS, Polarion, ReqIF Studio, Enterprise
// Architect, Capella, Eclipse RMF and StrictDoc) imports without a crash, and the report's counts of
// spec objects, relations and specifications match a second, independent count of the file.
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModel } from '../../tools/model/load-model.js';
import { needsReqifCorpus, REQIF_CORPUS, reqifCorpusFiles } from './shared-data.js';
import { available } from '../requirements.js';
import { rrInProcess } from './run-main.js';

/** How many elements of each name the file has, counted with fast-xml-parser (rr reads with saxes). */
function countElements(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const tree = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, processEntities: false }).parse(
    text,
  ) as unknown;
  const walk = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const items = Array.isArray(value) ? value : [value];
      counts.set(key, (counts.get(key) ?? 0) + items.length);
      items.forEach(walk);
    }
  };
  walk(tree);
  return counts;
}

const files = reqifCorpusFiles();

describe.runIf(available(needsReqifCorpus()))('rr import reqif on every file of the ReqIF corpus', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rr-reqif-corpus-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is there', () => {
    expect(files).toHaveLength(23);
  });

  it.each(files)('%s', async (file) => {
    const counts = countElements(readFileSync(join(REQIF_CORPUS, file), 'utf8'));
    const objects = counts.get('SPEC-OBJECT') ?? 0;
    const relations = counts.get('SPEC-RELATION') ?? 0;
    const specifications = counts.get('SPECIFICATION') ?? 0;
    const out = join(dir, file);
    const run = await rrInProcess(['import', 'reqif', join(REQIF_CORPUS, file), '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `read: ${objects} spec objects, ${relations} spec relations, ${specifications} specifications`,
    );
    // Every spec object is an entity or a heading: the report says which type went where.
    const byType = [...run.stdout.matchAll(/^ {2}type ".*" → (\S+).*: (\d+)$/gm)];
    const headings = byType.filter((m) => m[1] === 'heading').reduce((n, m) => n + Number(m[2]), 0);
    const model = await loadModel(out);
    expect(model.entities.length + headings).toBe(objects);
    expect(model.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
