// SPDX-License-Identifier: AGPL-3.0-or-later
// Design notes over HTTP: create, edit, accept, reject, apply, reopen, comment and delete with revision
// checks and status rules; every change lands in the shared notes folder and design-notes.md; export as
// markdown and JSON.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DesignNote } from '../../src/notes/design-note.js';
import { startViewer, type ViewerFixture } from './viewer-fixture.js';

async function create(v: ViewerFixture, body: Record<string, unknown>): Promise<DesignNote> {
  const r = await v.request('/api/notes', { json: body });
  expect(r.status, r.text).toBe(201);
  return r.json<DesignNote>();
}

async function act(v: ViewerFixture, note: DesignNote, action: string, body: Record<string, unknown> = {}) {
  return v.request(`/api/notes/${note.id}/${action}`, { json: { revision: note.revision, ...body } });
}

describe('design notes', () => {
  it('walks a note through its life: create, edit, comment, accept, apply', async () => {
    const v = await startViewer();
    let note = await create(v, {
      kind: 'requirement',
      title: 'Keep the regulator next to J1',
      body: 'Long traces on +3V3 ring.',
      targets: [
        { type: 'footprint', ref: 'U2' },
        { type: 'net', net: '+3V3' },
      ],
      context: { lane: 'cand-0.trial-1', seq: 1234 },
      author: { name: 'Ana' },
    });
    expect(note).toMatchObject({
      schema: 'pnr-design-note-v1',
      status: 'open',
      revision: 1,
      author: { name: 'Ana', address: '127.0.0.1' },
    });
    expect(note.id).toMatch(/^n-\d{8}T\d{6}Z-[0-9a-f]{8}$/);
    const file = join(v.config.notesDir, `${note.id}.json`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(note);
    expect(v.config.notesDir).toBe(join(v.experimentDir, 'notes'));

    note = (await act(v, note, 'edit', { body: 'Long traces on +3V3 ring at 1 MHz.' })).json<DesignNote>();
    expect(note).toMatchObject({ revision: 2, body: 'Long traces on +3V3 ring at 1 MHz.' });
    expect(note.history.at(-1)).toMatchObject({ action: 'edit', fields: ['body'] });
    note = (await act(v, note, 'comment', { text: 'Agreed.' })).json<DesignNote>();
    note = (await act(v, note, 'accept', { reason: 'review 3' })).json<DesignNote>();
    expect(note).toMatchObject({ status: 'accepted', decision: { status: 'accepted', reason: 'review 3' } });
    note = (await act(v, note, 'apply', { detail: 'moved in rev B' })).json<DesignNote>();
    expect(note).toMatchObject({ status: 'applied', revision: 5, applied: { detail: 'moved in rev B' } });
    expect(note.history.map((h) => h.action)).toEqual(['create', 'edit', 'comment', 'accept', 'apply']);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(note);
    expect((await v.request(`/api/notes/${note.id}`)).json()).toEqual(note);

    const md = readFileSync(join(v.config.notesDir, 'design-notes.md'), 'utf8');
    expect(md).toContain('## Applied');
    expect(md).toContain('### Requirement: Keep the regulator next to J1');
    expect(md).toContain('- Targets: footprint U2; net +3V3');
    expect(md).toContain('Agreed.');
  });

  it('refuses stale revisions and actions the status does not allow, changing nothing', async () => {
    const v = await startViewer();
    const note = await create(v, { kind: 'question', title: 'Why two vias?' });
    const rejected = (await act(v, note, 'reject', { reason: 'not a problem' })).json<DesignNote>();
    expect(rejected.status).toBe('rejected');
    const before = readFileSync(join(v.config.notesDir, `${note.id}.json`), 'utf8');

    const stale = await act(v, note, 'comment', { text: 'late' });
    expect(stale.status).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale-revision', note: { revision: 2 } });
    for (const action of ['edit', 'accept', 'apply']) {
      const r = await act(v, rejected, action, action === 'edit' ? { title: 'x' } : {});
      expect(r.status, action).toBe(409);
      expect(r.json()).toMatchObject({ code: 'bad-transition' });
    }
    expect(readFileSync(join(v.config.notesDir, `${note.id}.json`), 'utf8')).toBe(before);

    const reopened = (await act(v, rejected, 'reopen')).json<DesignNote>();
    expect(reopened).toMatchObject({ status: 'open', revision: 3 });
    expect(reopened.decision).toBeUndefined();
    expect((await act(v, reopened, 'frobnicate')).status).toBe(404);
    expect((await v.request(`/api/notes/${note.id}/accept`, { json: {} })).status).toBe(400);
    expect((await v.request('/api/notes/n-none/accept', { json: { revision: 1 } })).status).toBe(404);
    expect((await v.request('/api/notes', { json: { kind: 'wish', title: 'x' } })).status).toBe(400);
    expect((await v.request('/api/notes', { json: { kind: 'question', title: '' } })).status).toBe(400);
    expect(
      (
        await v.request('/api/notes', {
          json: { kind: 'question', title: 'x', targets: [{ type: 'pad', ref: 'U1' }] },
        })
      ).status,
    ).toBe(400);
  });

  it('deletes a note by moving it to deleted/, and lists and filters the rest', async () => {
    const v = await startViewer();
    const a = await create(v, { kind: 'observation', title: 'A' });
    const b = await create(v, { kind: 'proposal', title: 'B' });
    const accepted = (await act(v, b, 'accept')).json<DesignNote>();
    const deleted = await act(v, a, 'delete');
    expect(deleted.json()).toEqual({ deleted: a.id });
    expect(existsSync(join(v.config.notesDir, `${a.id}.json`))).toBe(false);
    expect(
      JSON.parse(readFileSync(join(v.config.notesDir, 'deleted', `${a.id}.json`), 'utf8')),
    ).toMatchObject({
      id: a.id,
      deleted: { author: { address: '127.0.0.1' } },
    });
    const list = (await v.request('/api/notes')).json<{ notes: DesignNote[]; dir: string }>();
    expect(list.notes.map((n) => n.id)).toEqual([b.id]);
    expect(list.dir).toBe(v.config.notesDir);
    expect((await v.request('/api/notes?status=open')).json<{ notes: DesignNote[] }>().notes).toEqual([]);
    expect(
      (await v.request('/api/notes?status=accepted,open&kind=proposal')).json<{ notes: DesignNote[] }>()
        .notes,
    ).toEqual([accepted]);
    expect((await v.request('/api/notes?status=done')).status).toBe(400);
    expect(readdirSync(v.config.notesDir).sort()).toEqual(
      ['deleted', 'design-notes.md', `${b.id}.json`].sort(),
    );
  });

  it('exports markdown and JSON, optionally of some statuses', async () => {
    const v = await startViewer();
    const open = await create(v, { kind: 'question', title: 'Open question' });
    const kept = await create(v, { kind: 'decision', title: 'Use 4 layers', body: 'Cost is fine.' });
    await act(v, kept, 'accept');

    const md = await v.request('/api/notes/export?format=md');
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(md.headers['content-disposition']).toBe('attachment; filename="design-notes.md"');
    expect(md.text).toBe(readFileSync(join(v.config.notesDir, 'design-notes.md'), 'utf8'));
    expect(md.text.indexOf('## Accepted')).toBeLessThan(md.text.indexOf('## Open'));

    const onlyAccepted = (await v.request('/api/notes/export?status=accepted')).text;
    expect(onlyAccepted).toContain('Use 4 layers');
    expect(onlyAccepted).not.toContain('Open question');

    const json = await v.request('/api/notes/export?format=json');
    expect(json.headers['content-disposition']).toBe('attachment; filename="design-notes.json"');
    const exported = json.json<{ schema: string; notes: DesignNote[] }>();
    expect(exported.schema).toBe('pnr-design-notes-export-v1');
    expect(exported.notes.map((n) => n.id)).toEqual([open.id, kept.id]);
    expect((await v.request('/api/notes/export?format=pdf')).status).toBe(400);
  });

  it('shares one notes folder between two viewers; concurrent changes of one note cannot both win', async () => {
    const one = await startViewer();
    const two = await startViewer({ flags: { notesDir: one.config.notesDir } });
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        create(i % 2 ? one : two, { kind: 'observation', title: `note ${i}` }),
      ),
    );
    const listed = (await two.request('/api/notes')).json<{ notes: DesignNote[] }>().notes;
    expect(listed.map((n) => n.id).sort()).toEqual(created.map((n) => n.id).sort());

    const target = created[0]!;
    const answers = await Promise.all([
      act(one, target, 'accept'),
      act(two, target, 'reject'),
      act(one, target, 'comment', { text: 'me too' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const final = (await one.request(`/api/notes/${target.id}`)).json<DesignNote>();
    expect(final.revision).toBe(2);
    expect(existsSync(join(one.config.notesDir, '.lock'))).toBe(false);
  });
});
