// SPDX-License-Identifier: AGPL-3.0-or-later
// The persistent live-directory index: a reopened reader reads only the event files that are new or
// changed and ends with the state a fresh reader builds from every file; an index that is damaged, of
// another format, of other viewer code or of another directory is refused and rebuilt, never trusted.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LiveDirectoryReader } from '../../src/live/live-directory-reader.js';
import { LIVE_INDEX_FORMAT } from '../../src/live/live-index-file.js';
import { eventFileName } from '../../src/telemetry/event-files.js';
import { tempDir } from '../temp-dir.js';
import {
  cost,
  eventText,
  freshState,
  liveDir,
  settle,
  withoutCursor,
  writeEvent,
  writeExperiment,
} from './live-dir.js';

const indexFileOf = (root: string) => join(root, '..', 'cache', 'index.json');

/** A reader of `root` that keeps its persistent index beside it. */
function indexedReader(root: string): LiveDirectoryReader {
  return new LiveDirectoryReader({ root, indexFile: indexFileOf(root), listIntervalMs: 0 });
}

/** Opens `root` with an index, waits for it, and writes the index. */
async function openAndSave(root: string): Promise<LiveDirectoryReader> {
  const r = indexedReader(root);
  await settle(r);
  await r.saveIndex();
  return r;
}

/** The header and body of the index file, to edit them as damage would. */
function indexParts(root: string): { header: Record<string, unknown>; body: string } {
  const text = readFileSync(indexFileOf(root), 'utf8');
  const newline = text.indexOf('\n');
  return {
    header: JSON.parse(text.slice(0, newline)) as Record<string, unknown>,
    body: text.slice(newline + 1),
  };
}

function writeIndexParts(root: string, header: Record<string, unknown>, body: string): void {
  writeFileSync(indexFileOf(root), `${JSON.stringify(header)}\n${body}`);
}

describe('persistent live index', () => {
  it('reopens reading only the event files that are new or changed, to the state a fresh reader gives', async () => {
    const root = liveDir();
    const written = writeExperiment(root, 12, 20);
    const first = await openAndSave(root);
    expect(first.stats()).toMatchObject({ filesRead: written, index: { state: 'missing' } });

    // Two new events, one event rewritten through a rename (a writer breaking the rules) and one removed.
    writeEvent(root, written, 'placement_cost', cost('cand-3.trial-0', 99, 10));
    writeEvent(root, written + 1, 'error', { lane: 'cand-5', severity: 'warning', message: 'late' });
    writeEvent(root, 23, 'net_status', {
      lane: 'cand-0.trial-0',
      nets: [
        { net: 'GND', status: 'failed' },
        { net: 'SDA', status: 'failed' },
      ],
    });
    rmSync(join(root, 'events', eventFileName(30, 'placement_cost')));

    // The first state uses every entry of the index whose file is still listed, reading only new files;
    // the stamps are checked after it, and the rewritten file makes the reader index again.
    const reopened = indexedReader(root);
    await reopened.poll();
    expect(reopened.stats()).toMatchObject({ filesRead: 2, index: { state: 'loaded', entries: written } });
    const before = reopened.state().cursor;
    await reopened.idle();
    expect(reopened.stats()).toMatchObject({ filesRead: 3, indexed: written + 1 });
    expect(withoutCursor(reopened.state({ limit: 5000 }))).toEqual(await freshState(root));
    expect(reopened.state().lanes.find((l) => l.id === 'cand-0.trial-0')?.nets?.failed).toBe(2);
    expect(reopened.state({ since: before }).reset).toBe(true);
  });

  it('reopens an untouched directory without reading a single event file', async () => {
    const root = liveDir();
    const written = writeExperiment(root, 6, 10);
    // The folder last changed a minute ago: a listing now sees everything it will ever hold.
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(root, 'events'), past, past);
    await openAndSave(root);
    expect(indexParts(root).header.folder).toEqual(expect.any(String));

    const reopened = indexedReader(root);
    await settle(reopened);
    expect(reopened.stats()).toMatchObject({ filesRead: 0, indexed: written, index: { state: 'loaded' } });
    expect(withoutCursor(reopened.state({ limit: 5000 }))).toEqual(await freshState(root));
  });

  it('picks up events appended after a reopen, and the next reopen has them in its index', async () => {
    const root = liveDir();
    const written = writeExperiment(root, 4, 10);
    await openAndSave(root);
    const reopened = indexedReader(root);
    await settle(reopened);
    const cursor = reopened.state().cursor;

    const more = writeExperiment(root, 2, 5, written);
    await settle(reopened);
    const next = reopened.state({ since: cursor, limit: 5000 });
    expect(next.reset).toBe(false);
    expect(next.events.map((e) => e.event.seq)).toEqual([...Array(more).keys()].map((i) => written + i));
    expect(reopened.stats()).toMatchObject({ filesRead: more, indexed: written + more });
    await reopened.saveIndex();

    const third = indexedReader(root);
    await settle(third);
    expect(third.stats()).toMatchObject({ filesRead: 0, indexed: written + more });
    expect(withoutCursor(third.state({ limit: 5000 }))).toEqual(await freshState(root));
  });

  it('resolves a new file that takes an indexed seq as a fresh reader does', async () => {
    const root = liveDir();
    const written = writeExperiment(root, 2, 5);
    await openAndSave(root);
    // Sorts before 00000004-placement_cost.json and claims its seq: a fresh reader keeps the new one.
    writeEvent(
      root,
      4,
      'error',
      { lane: 'cand-0', severity: 'error', message: 'first' },
      '00000003a-error.json',
    );
    const reopened = indexedReader(root);
    await settle(reopened);
    const state = withoutCursor(reopened.state({ limit: 5000 }));
    expect(state).toEqual(await freshState(root));
    expect(state.problems.map((p) => [p.kind, p.file])).toEqual([
      ['duplicate-seq', `events/${eventFileName(4, 'placement_cost')}`],
    ]);
    expect(reopened.stats().indexed).toBe(written);
  });

  const damage: [string, (root: string) => void, RegExp][] = [
    [
      'of another format',
      (root) => {
        const { header, body } = indexParts(root);
        writeIndexParts(root, { ...header, format: 'rr-live-index-0' }, body);
      },
      new RegExp(`format "rr-live-index-0", not ${LIVE_INDEX_FORMAT}`),
    ],
    [
      'written by other viewer code',
      (root) => {
        const { header, body } = indexParts(root);
        writeIndexParts(root, { ...header, code: '0'.repeat(64) }, body);
      },
      /other viewer code wrote it/,
    ],
    [
      'of another live directory',
      (root) => {
        const { header, body } = indexParts(root);
        writeIndexParts(root, { ...header, root: '/elsewhere/live' }, body);
      },
      /it indexes \/elsewhere\/live/,
    ],
    [
      'whose bytes were damaged',
      (root) => {
        const { header, body } = indexParts(root);
        writeIndexParts(root, header, body.replace('"total":890', '"total":891'));
      },
      /checksum/,
    ],
    [
      'with a wrong fact under a matching checksum',
      (root) => {
        const { header, body } = indexParts(root);
        const edited = body.replace('"total":890', '"total":"890"');
        const sha256 = createHash('sha256').update(edited).digest('hex');
        writeIndexParts(root, { ...header, sha256 }, edited);
      },
      /entry \d+: the fact has no step or total/,
    ],
    [
      'cut short',
      (root) => {
        const text = readFileSync(indexFileOf(root), 'utf8');
        writeFileSync(indexFileOf(root), text.slice(0, text.length / 2));
      },
      /checksum/,
    ],
    ['that is not JSON', (root) => writeFileSync(indexFileOf(root), 'not an index\n{'), /not valid JSON/],
    ['that is empty', (root) => writeFileSync(indexFileOf(root), ''), /no header line/],
    [
      'that is a folder',
      (root) => {
        rmSync(indexFileOf(root));
        mkdirSync(indexFileOf(root));
      },
      /cannot be read \(EISDIR\)/,
    ],
  ];

  it.each(damage)(
    'refuses an index %s, reads every file, and ends as a fresh reader',
    async (_, harm, reason) => {
      const root = liveDir();
      const written = writeExperiment(root, 5, 10);
      await openAndSave(root);
      harm(root);

      const reopened = indexedReader(root);
      await settle(reopened);
      const stats = reopened.stats();
      expect(stats.index.state).toBe('refused');
      expect(stats.index.state === 'refused' ? stats.index.reason : '').toMatch(reason);
      expect(stats.filesRead).toBe(written);
      expect(withoutCursor(reopened.state({ limit: 5000 }))).toEqual(await freshState(root));

      // The rebuilt index replaces the bad one (unless a folder stands in its way).
      await reopened.saveIndex();
      const again = indexedReader(root);
      await settle(again);
      if (stats.index.state === 'refused' && stats.index.reason.includes('EISDIR'))
        expect(again.stats().index.state).toBe('refused');
      else expect(again.stats()).toMatchObject({ index: { state: 'loaded' }, filesRead: 0 });
    },
  );

  it('keeps working when its cache folder cannot be written', async () => {
    const root = liveDir();
    const written = writeExperiment(root, 2, 5);
    const blocker = join(tempDir(), 'file');
    writeFileSync(blocker, 'a file where the cache folder should be');
    const indexFile = join(blocker, 'live-index', 'index.json');
    const r = new LiveDirectoryReader({ root, indexFile, listIntervalMs: 0 });
    await settle(r);
    await r.saveIndex();
    expect(r.stats()).toMatchObject({
      indexed: written,
      index: { state: 'refused', reason: 'cannot be read (ENOTDIR)' },
      indexWriteProblem: expect.stringMatching(/ENOTDIR/),
    });
    expect(withoutCursor(r.state({ limit: 5000 }))).toEqual(await freshState(root));
  });

  it('notices a file rewritten in place under an unchanged folder when it reads the body again', async () => {
    const root = liveDir();
    writeExperiment(root, 1, 3);
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(root, 'events'), past, past);
    await openAndSave(root);
    // Rewritten in place (the folder does not change): a writer breaking the immutability rule.
    const name = eventFileName(3, 'placement_cost');
    writeFileSync(join(root, 'events', name), eventText(33, 'placement_cost', cost('cand-0.trial-0', 0, 5)));

    const reopened = indexedReader(root);
    await settle(reopened);
    expect(reopened.stats().filesRead).toBe(0);
    expect(reopened.state({ limit: 5000 }).problems).toEqual([
      expect.objectContaining({
        kind: 'invalid',
        file: `events/${name}`,
        message: expect.stringMatching(/changed after it was indexed/),
      }),
    ]);
  });
});
