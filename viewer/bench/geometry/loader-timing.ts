// SPDX-License-Identifier: AGPL-3.0-or-later
// Loads a board's geometry from a running viewer the way the page does, with the page's own code: its
// API client (Node's fetch, which asks for gzip and undoes it like a browser), its geometry loader
// (index, then parts three at a time, decoded as they arrive) and its board drawing (SVG path data per
// part). Times the first view (the page's first drawn layer) and the whole board, and counts the bytes.
import type * as BoardDrawingModule from '../../ui/src/board-drawing.js';
import type * as GeometryLoaderModule from '../../ui/src/geometry-loader.js';
import type * as ViewerApiModule from '../../ui/src/viewer-api.js';

// The page's modules as the build compiles them for the bare page (dist/ui-modules), run here in Node.
const PAGE_MODULES = new URL('../../ui-modules/ui/src/', import.meta.url);
const pageModule = <T>(name: string): Promise<T> => import(new URL(name, PAGE_MODULES).href) as Promise<T>;
const { GeometryLoader } = await pageModule<typeof GeometryLoaderModule>('geometry-loader.js');
const { BoardDrawing } = await pageModule<typeof BoardDrawingModule>('board-drawing.js');
const { ViewerApi } = await pageModule<typeof ViewerApiModule>('viewer-api.js');

/** What one load took. */
export interface LoadTiming {
  /** Until the first view was decoded and drawn (path data made). */
  firstMs: number;
  /** Until every part was decoded and drawn and the whole geometry assembled. */
  wholeMs: number;
  /** Bytes on the wire (Content-Length: gzip-compressed where the server compressed). */
  wireBytes: number;
  /** Bytes after decompression. */
  bodyBytes: number;
  requests: number;
}

/** Loads boards/<sha>.kicad_pcb from the viewer at `url` as the page would. */
export async function timeGeometryLoad(url: string, sha: string): Promise<LoadTiming> {
  const original = globalThis.fetch;
  let wireBytes = 0;
  let bodyBytes = 0;
  let requests = 0;
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    requests++;
    wireBytes += Number(response.headers.get('content-length') ?? 0);
    const body = new Uint8Array(await response.clone().arrayBuffer());
    bodyBytes += body.length;
    return response;
  };
  try {
    const drawing = new BoardDrawing();
    const started = performance.now();
    let firstMs: number | undefined;
    const wholeMs = await new Promise<number>((resolve, reject) => {
      const loader = new GeometryLoader(new ViewerApi(url), () => {
        const board = loader.board;
        if (!board) return reject(new Error(loader.note));
        drawing.paths(board);
        firstMs ??= performance.now() - started;
        if (board.complete) {
          void loader.geometry; // the page's other panels take the assembled geometry
          resolve(performance.now() - started);
        }
      });
      loader.want(`boards/${sha}.kicad_pcb`, null);
    });
    return { firstMs: firstMs!, wholeMs, wireBytes, bodyBytes, requests };
  } finally {
    globalThis.fetch = original;
  }
}
