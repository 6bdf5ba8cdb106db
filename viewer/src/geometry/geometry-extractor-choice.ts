// SPDX-License-Identifier: AGPL-3.0-or-later
// Which extractor the viewer uses. The native reader needs nothing installed and is much faster
// than loading a board in KiCad, so it is the default; KiCad's own pcbnew is used when the user
// configured a PCB suite Python explicitly (flag, environment or machine config) or asks for it.

import type { GeometryExtractor } from './geometry-cache.js';
import { readKicadBoard } from './kicad-board-reader.js';
import type { PcbToolResolution } from './pcb-tool-resolution.js';
import { extractWithPcbnew } from './pcbnew-extractor.js';

/** "native", "pcbnew", or "auto" (pcbnew when a Python is configured explicitly, else native). */
export type GeometryExtractorChoice = 'native' | 'pcbnew' | 'auto';

/** The chosen extractor and a line saying which it is and why. */
export interface ChosenExtractor {
  kind: 'native' | 'pcbnew';
  /** Names the extractor and its settings for the geometry cache's key. */
  id: string;
  extract: GeometryExtractor;
  description: string;
}

/** Picks the geometry extractor from the user's choice and the resolved PCB suite Python. */
export function chooseGeometryExtractor(
  choice: GeometryExtractorChoice,
  python: PcbToolResolution,
): ChosenExtractor {
  const native: ChosenExtractor = {
    kind: 'native',
    id: 'native',
    extract: readKicadBoard,
    description: 'board geometry: native .kicad_pcb reader',
  };
  if (choice === 'native') return native;
  if (python.status !== 'found') {
    // A configured path that was refused is an error to fix, not a reason to fall back silently.
    if (choice === 'pcbnew' || python.status === 'refused') {
      throw new Error(`board geometry with KiCad's pcbnew: ${python.message}`);
    }
    return native;
  }
  if (choice === 'auto' && python.source === 'discovery') return native;
  const path = python.path;
  return {
    kind: 'pcbnew',
    id: `pcbnew ${path}`,
    extract: (board) => extractWithPcbnew(board, { python: path }),
    description: `board geometry: KiCad pcbnew via ${path} (from ${python.source})`,
  };
}
