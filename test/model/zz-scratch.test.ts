import { mkdtemp, writeFile, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { it } from 'vitest';
import { loadModel } from '../../tools/model/load-model.js';

async function run(name: string, files: Record<string, string | Buffer>, sub = '') {
  const dir = await mkdtemp(join(tmpdir(), 'rr-'));
  for (const [p, c] of Object.entries(files)) {
    await mkdir(dirname(join(dir, p)), { recursive: true });
    await writeFile(join(dir, p), c);
  }
  const m = await loadModel(join(dir, sub));
  console.log('=====', name, JSON.stringify({ files: m.files.map((f) => f.slice(dir.length)), ents: m.entities.map((e) => e.id), unreadable: m.unreadable, diags: m.diagnostics.map((d) => ({ ...d, file: d.file?.slice(dir.length) })) }, null, 1));
  await rm(dir, { recursive: true, force: true });
  return m;
}

it('explore', async () => {
  await run('order', {
    'b.yaml': 'requirements:\n  - id: B\n    title: b\n',
    'a/z.yml': 'requirements:\n  - id: AZ\n    title: az\n',
    'a.yaml': 'requirements:\n  - id: A\n    title: a\n',
    'A.json': '{"requirements":[{"id":"CAPA","title":"x"}]}',
    'a-b.yaml': 'requirements:\n  - id: AB\n    title: ab\n',
    'x.txt': 'requirements: [',
    'x.YAML': 'requirements:\n  - id: UP\n    title: up\n',
    '.hidden.yaml': 'x: [',
    '.h/a.yaml': 'x: [',
    'node_modules/a.yaml': 'x: [',
    'bazel-out/a.yaml': 'x: [',
    'sets.lock.json': 'x: [',
    'sets.lock.yaml': 'x: [',
    'c/lockfile.yaml': 'x: 1\n',
    'config.yaml': 'config:\n  sets_lock: c/lockfile.yaml\n',
  });
  await run('merge', { 'a.yaml': 'base: &b\n  status: draft\n  owner: me\nrequirements:\n  - <<: *b\n    id: R1\n    title: x\n    owner: you\n' });
  await run('merge2', { 'a.yaml': 'project:\n  base: &b\n    status: draft\n    owner: me\nrequirements:\n  - <<: *b\n    id: R1\n    title: x\n    owner: you\n  - id: R2\n    title: *t\n' });
  await run('merge3', { 'a.yaml': 'project:\n  base: &b\n    status: draft\n    owner: me\n  t: &t hello\nrequirements:\n  - <<: *b\n    id: R1\n    title: x\n    owner: you\n  - id: R2\n    title: *t\n    satisfies: U1\nuser_needs:\n  - &un\n    id: U1\n    title: u\n' });
  const m = await run('positions', { 'a.yaml': 'requirements:\n  - id: R1\n    title: x\n    satisfies: [U1, U2]\n    verified_by:\n      - target: //a:b\n        cases:\n          - one\n          - two\n' });
  console.log(JSON.stringify(m.entities[0]!.positions));
  const m2 = await run('positions json', { 'a.json': '{\n  "kind": "requirement",\n  "id": "R1",\n  "title": "x",\n  "verified_by": [{"target": "//a:b", "cases": ["one", "two"]}]\n}\n' });
  console.log(JSON.stringify(m2.entities[0]!.positions));
  await run('dup ids', { 'a.yaml': 'requirements:\n  - id: R1\n    title: x\n', 'b/c.yaml': 'kind: requirement\nid: R1\ntitle: y\n' });
  await run('dangling', { 'a.yaml': 'user_needs:\n  - id: U1\n    title: u\nrequirements:\n  - id: R1\n    title: x\n    satisfies: U2\n    refines: [R9, U1]\n    method: nope\n  - id: R2\n    title: y\n    method: U1\n  - id: R3\n    title: y\n    method: unit\nrisks:\n  - id: K1\n    title: k\n    mitigated_by: M9\nmitigations:\n  - id: M1\n    title: m\n    mitigates: [K1, K2]\n    implemented_by: R7\n' });
  await run('multi docs', { 'a.yaml': 'project:\n  name: p\n---\nkind: requirement\nid: R1\ntitle: x\n---\n# only comment\n---\nkind: user_need\nid: U1\ntitle: u\n' });
  await run('empty', { 'a.yaml': '', 'b.yaml': '# c\n', 'c.json': '' });
});
