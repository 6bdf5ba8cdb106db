// SPDX-License-Identifier: AGPL-3.0-or-later
// The page's geometry loader against a real viewer over HTTP (Node's fetch): it shows a board once its
// first view arrived and keeps the previous one until then, grows it part by part to the whole geometry,
// never shows a board that is no longer wanted, and fetches a part another board already brought only once.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GeometryIndex } from '../../src/geometry/geometry-parts.js';
import { GeometryLoader } from '../../ui/src/geometry-loader.js';
import { firstViewParts } from '../../ui/src/loaded-board.js';
import { ViewerApi } from '../../ui/src/viewer-api.js';
import { startViewer } from '../server/viewer-fixture.js';

/** Part requests the server saw, and gates that hold chosen ones back until opened. */
function partLog() {
  const seen: { sha: string; name: string }[] = [];
  const gates = new Map<string, { asked: () => void; opened: Promise<void> }>();
  return {
    seen,
    hold: async (sha: string, name: string) => {
      seen.push({ sha, name });
      const gate = gates.get(`${sha}/${name}`);
      if (gate) {
        gate.asked();
        await gate.opened;
      }
    },
    /** Holds one part; resolves `asked` when it is requested, answers it when `open` is called. */
    gate(sha: string, name: string) {
      let asked!: () => void;
      let open!: () => void;
      const requested = new Promise<void>((resolve) => (asked = resolve));
      const opened = new Promise<void>((resolve) => (open = resolve));
      gates.set(`${sha}/${name}`, { asked, opened });
      return { requested, open };
    },
  };
}

/** A part of the board's first view whose content none of the other indexes has. */
function ownFirstViewPart(index: GeometryIndex, others: GeometryIndex[]): string | undefined {
  const known = new Set(others.flatMap((o) => o.parts.map((p) => p.hash)));
  return index.parts.slice(0, firstViewParts(index)).find((p) => !known.has(p.hash))?.name;
}

/** Resolves when the loader has the wanted board complete. */
function loaded(loader: GeometryLoader, sha: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = setInterval(() => {
      if (loader.note.startsWith('The board')) reject(new Error(loader.note));
      if (loader.board?.sha === sha && !loader.loading) {
        clearInterval(check);
        resolve();
      }
    }, 5);
  });
}

/** Every answer the page's fetch got, read to its end (so a test can wait for all of them). */
const answers: Promise<unknown>[] = [];
const realFetch = globalThis.fetch;
beforeEach(() => {
  globalThis.fetch = (input, init) => {
    const answer = realFetch(input, init).then(
      async (r) => new Response(await r.arrayBuffer(), { status: r.status, headers: r.headers }),
    );
    answers.push(answer);
    return answer;
  };
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('geometry loader', () => {
  it('keeps the previous board until the first view, fetches shared parts once and ignores boards no longer wanted', async () => {
    const log = partLog();
    const v = await startViewer({ simulate: true, server: { geometryHold: log.hold } });
    const boards = readdirSync(join(v.root, 'boards'))
      .filter((n) => n.endsWith('.kicad_pcb'))
      .sort((a, b) => statSync(join(v.root, 'boards', b)).size - statSync(join(v.root, 'boards', a)).size);
    const hashes = boards.map((n) => n.slice(0, 64));
    const indexes = new Map<string, GeometryIndex>();
    for (const sha of hashes)
      indexes.set(sha, (await v.request(`/api/geometry/${sha}/layers`)).json<GeometryIndex>());
    log.seen.length = 0;
    const a = hashes[0]!;
    const indexA = indexes.get(a)!;
    // Boards whose first view has a part of their own (checkpoints of one placement share their footprints).
    const b = hashes.find((h) => h !== a && ownFirstViewPart(indexes.get(h)!, [indexA]))!;
    const indexB = indexes.get(b)!;
    const loader = new GeometryLoader(new ViewerApi(`http://127.0.0.1:${v.port}`), () => undefined);

    loader.want(`boards/${a}.kicad_pcb`, null);
    await loaded(loader, a);
    expect(log.seen.filter((s) => s.sha === a).map((s) => s.name)).toEqual(indexA.parts.map((p) => p.name));
    expect(loader.geometry).toEqual((await v.request(`/api/geometry/${a}`)).json());

    // Board b: while its front copper is held, a stays on screen and is said to be loading.
    const heldB = log.gate(b, ownFirstViewPart(indexB, [indexA])!);
    loader.want(`boards/${b}.kicad_pcb`, null);
    await heldB.requested;
    expect(loader.board!.sha).toBe(a);
    expect(loader.loading).toBe(true);
    expect(loader.note).toBe('Loading the board…');
    heldB.open();
    await loaded(loader, b);
    // Parts b shares with a (same content) were not fetched again.
    const shared = indexB.parts.filter((p) => indexA.parts.some((q) => q.hash === p.hash)).map((p) => p.name);
    expect(shared.length).toBeGreaterThan(0);
    const fetchedB = log.seen.filter((s) => s.sha === b).map((s) => s.name);
    expect(fetchedB.sort()).toEqual(
      indexB.parts
        .map((p) => p.name)
        .filter((n) => !shared.includes(n))
        .sort(),
    );

    // A new page wants b, then a before b's first view arrived: b is never shown.
    const changes: (string | null)[] = [];
    const fresh = new GeometryLoader(new ViewerApi(`http://127.0.0.1:${v.port}`), () =>
      changes.push(fresh.board?.sha ?? null),
    );
    const heldAgain = log.gate(b, ownFirstViewPart(indexB, [indexA])!);
    fresh.want(`boards/${b}.kicad_pcb`, null);
    await heldAgain.requested;
    fresh.want(`boards/${a}.kicad_pcb`, null);
    await loaded(fresh, a);
    heldAgain.open();
    // Once every answer is read and decoded, b's late part has reached the loader, which drops it.
    await Promise.all(answers);
    await new Promise((r) => setImmediate(r));
    expect(changes).not.toContain(b);
    expect(fresh.board!.sha).toBe(a);
    expect(fresh.geometry).toEqual((await v.request(`/api/geometry/${a}`)).json());
  });
});
