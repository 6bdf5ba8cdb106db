// SPDX-License-Identifier: AGPL-3.0-or-later
// Placing footprint-local coordinates on the board. KiCad's y axis points down and its angles are
// counter-clockwise on screen, so a rotation by a maps (x, y) to (x·cos a + y·sin a, −x·sin a + y·cos a).

import type { Point } from './board-geometry.js';

/** Rounds millimetres to KiCad's internal resolution of one nanometre, so rotated points match it. */
export function toNanometre(mm: number): number {
  const rounded = Math.round(mm * 1e6) / 1e6;
  return rounded === 0 ? 0 : rounded;
}

/** A rotation by an angle in degrees, followed by a translation to an origin. */
export class PlacementTransform {
  private readonly cos: number;
  private readonly sin: number;

  constructor(
    readonly origin: Point,
    readonly angle: number,
  ) {
    const radians = (angle * Math.PI) / 180;
    // Exact values at the right angles keep axis-aligned footprints free of rounding noise.
    const quarter = angle / 90;
    if (Number.isInteger(quarter)) {
      const q = ((quarter % 4) + 4) % 4;
      this.cos = [1, 0, -1, 0][q]!;
      this.sin = [0, 1, 0, -1][q]!;
    } else {
      this.cos = Math.cos(radians);
      this.sin = Math.sin(radians);
    }
  }

  /** The identity: board coordinates stay as they are. */
  static readonly identity = new PlacementTransform([0, 0], 0);

  /** The board position of a local point. */
  apply(x: number, y: number): Point {
    return [
      toNanometre(this.origin[0] + x * this.cos + y * this.sin),
      toNanometre(this.origin[1] - x * this.sin + y * this.cos),
    ];
  }

  /** True when the rotation keeps axis-aligned rectangles axis-aligned. */
  get isRightAngle(): boolean {
    return Number.isInteger(this.angle / 90);
  }
}

/** An angle in degrees normalised to [0, 360), as KiCad reports orientations. */
export function normaliseAngle(degrees: number): number {
  const a = degrees % 360;
  const n = a < 0 ? a + 360 : a;
  return n === 0 ? 0 : toNanometre(n);
}
