// SPDX-License-Identifier: AGPL-3.0-or-later
// Pins, drafts and snapshots: created once as files of their own (201), refused when the id is taken
// (409, the stored record untouched), listed and read back; bodies checked field by field.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoredViewerRecord } from '../../src/records/viewer-records.js';
import { startViewer } from './viewer-fixture.js';

const CHECKPOINT = `boards/${'b'.repeat(64)}.kicad_pcb`;

describe('pins, drafts and snapshots', () => {
  it('creates immutable records and refuses a second write with the same id', async () => {
    const v = await startViewer();
    const bodies = {
      pin: { id: 'pin-1', lane: 'cand-0.trial-0', seq: 12, label: 'best so far', checkpoint: CHECKPOINT },
      draft: {
        id: 'draft-1',
        lane: 'cand-0',
        seq: 3,
        title: 'Crowded corner',
        annotations: [
          {
            shape: 'rect',
            points: [
              [1, 2],
              [3, 4],
            ],
            text: 'tight',
            color: '#ff8800',
          },
        ],
      },
      snapshot: {
        id: 'snap-1',
        lane: 'cand-0',
        seq: 3,
        title: 'Before routing',
        annotations: [
          {
            shape: 'arrow',
            points: [
              [0, 0],
              [5, 5],
            ],
          },
        ],
        view: { center: [25, 20], zoom: 4, layers: ['F.Cu'], side: 'front' },
        draft: 'draft-1',
      },
    };
    for (const [kind, body] of Object.entries(bodies)) {
      const folder = `${kind}s`;
      const created = await v.request(`/api/${kind}`, { json: { ...body, author: { name: 'Ana' } } });
      expect(created.status, kind).toBe(201);
      const record = created.json<StoredViewerRecord>();
      expect(record).toMatchObject({
        ...body,
        schema: `pnr-viewer-${kind}-v1`,
        run: null,
        author: { name: 'Ana', address: '127.0.0.1' },
      });
      const file = join(v.root, folder, `${body.id}.json`);
      const stored = readFileSync(file, 'utf8');
      expect(JSON.parse(stored)).toEqual(record);

      const changed = kind === 'pin' ? { label: 'other' } : { title: 'other' };
      const again = await v.request(`/api/${kind}`, { json: { ...body, ...changed } });
      expect(again.status).toBe(409);
      expect(again.json()).toMatchObject({ code: 'exists' });
      expect(readFileSync(file, 'utf8')).toBe(stored);
      expect(readdirSync(join(v.root, folder))).toEqual([`${body.id}.json`]);

      expect((await v.request(`/api/${folder}/${body.id}`)).json()).toEqual(record);
      expect((await v.request(`/api/${folder}`)).json()).toEqual({ records: [record], problems: [] });
      expect((await v.request(`/api/${folder}/nothing`)).status).toBe(404);
    }
  });

  it('makes ids when none is given, lists by lane, and names broken files', async () => {
    const v = await startViewer();
    const a = (await v.request('/api/pin', { json: { lane: 'cand-0', seq: 1 } })).json<StoredViewerRecord>();
    const b = (await v.request('/api/pin', { json: { lane: 'cand-1', seq: 2 } })).json<StoredViewerRecord>();
    expect(a.id).toMatch(/^pin-\d{8}T\d{6}Z-[0-9a-f]{8}$/);
    expect(a.id).not.toBe(b.id);
    const listed = (await v.request('/api/pins?lane=cand-1')).json<{ records: StoredViewerRecord[] }>();
    expect(listed.records.map((r) => r.id)).toEqual([b.id]);
    expect(
      (await v.request('/api/pins?run=')).json<{ records: StoredViewerRecord[] }>().records,
    ).toHaveLength(2);
    writeFileSync(join(v.root, 'pins', 'broken.json'), '{"schema":');
    writeFileSync(
      join(v.root, 'pins', 'other.json'),
      JSON.stringify({ schema: 'pnr-viewer-pin-v1', id: 'else' }),
    );
    const withBroken = (await v.request('/api/pins')).json<{
      records: StoredViewerRecord[];
      problems: unknown[];
    }>();
    expect(withBroken.records).toHaveLength(2);
    expect(withBroken.problems).toEqual([
      { file: 'pins/broken.json', message: expect.stringContaining('not valid JSON') },
      { file: 'pins/other.json', message: expect.stringContaining('does not match its file name') },
    ]);
  });

  it('refuses bodies with missing, unknown or wrongly typed fields', async () => {
    const v = await startViewer();
    const cases: [string, unknown, string][] = [
      ['pin', { seq: 1 }, 'body.lane is required'],
      ['pin', { lane: 'a', seq: -1 }, 'body.seq must be a whole number'],
      ['pin', { lane: 'a b', seq: 1 }, 'body.lane must be a lane id'],
      ['pin', { lane: 'a', seq: 1, colour: 'red' }, 'unknown field "colour"'],
      ['pin', { lane: 'a', seq: 1, checkpoint: '../etc/passwd' }, 'checkpoint reference'],
      ['pin', [1, 2], 'must be a JSON object'],
      ['draft', { lane: 'a' }, 'body.annotations is required'],
      ['draft', { annotations: [{ shape: 'rect', points: [[1, 2]] }] }, 'takes 2–2 entries'],
      ['draft', { annotations: [{ shape: 'blob', points: [] }] }, 'one of point, line'],
      ['draft', { annotations: [{ shape: 'point', points: [[1, 'x']] }] }, 'two numbers'],
      ['snapshot', { lane: 'a', seq: 1 }, 'body.title is required'],
      [
        'snapshot',
        { lane: 'a', seq: 1, title: 't', view: { zoom: 'far' } },
        'body.view.zoom must be a number',
      ],
    ];
    for (const [kind, json, message] of cases) {
      const r = await v.request(`/api/${kind}`, { json });
      expect(r.status, message).toBe(400);
      expect(r.json<{ message: string }>().message, message).toContain(message);
    }
    expect(readdirSync(v.root)).toEqual([]);
  });
});
