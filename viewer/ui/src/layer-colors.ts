// SPDX-License-Identifier: AGPL-3.0-or-later
// Colours of board layers and statuses, close to KiCad's default theme so the board looks familiar.

const COPPER_COLORS: Record<string, string> = {
  'F.Cu': '#c83434',
  'B.Cu': '#4d7fc4',
  'In1.Cu': '#7fc87f',
  'In2.Cu': '#ce7d2c',
  'In3.Cu': '#4fcbcb',
  'In4.Cu': '#db628b',
  'In5.Cu': '#a7a5c6',
  'In6.Cu': '#28cccc',
};
const INNER_FALLBACK = ['#8f8f2f', '#6ea34c', '#a35e9f', '#5e8fa3'];

/** The colour a copper layer is drawn in. */
export function copperColor(layer: string): string {
  const known = COPPER_COLORS[layer];
  if (known) return known;
  const n = Number(/^In(\d+)\.Cu$/.exec(layer)?.[1] ?? 0);
  return INNER_FALLBACK[n % INNER_FALLBACK.length]!;
}

export const BOARD_BACKGROUND = '#001023';
export const OUTLINE_COLOR = '#d0d2cd';
export const VIA_COLOR = '#b5b5b5';
export const HOLE_COLOR = '#1b2430';
export const PROVISIONAL_COLOR = '#ffd400';
export const TARGET_COLOR = '#ff66ff';
export const HIGHLIGHT_COLOR = '#ffffff';
/** Keep-out areas of the constraints file. */
export const KEEPOUT_COLOR = '#ff4d4f';

/** Colours of net routing statuses (and of "routing" for nets with provisional routes only). */
export const NET_STATUS_COLORS: Record<string, string> = {
  routed: '#2e9e52',
  partial: '#e0a100',
  unrouted: '#8a8f98',
  failed: '#d23c3c',
  routing: '#3c7bd2',
};

/** Colours of lane statuses in the tree. */
export const LANE_STATUS_COLORS: Record<string, string> = {
  running: '#3c7bd2',
  completed: '#2e9e52',
  pruned: '#8a8f98',
  stopped: '#e0a100',
  failed: '#d23c3c',
};
