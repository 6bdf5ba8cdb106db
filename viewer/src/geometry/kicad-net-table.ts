// SPDX-License-Identifier: AGPL-3.0-or-later
// Net references in a board file. Boards up to KiCad 9 keep a table `(net 3 "GND")` at the top and
// refer to nets by number in tracks and zones (pads repeat the name); newer boards write `(net "GND")`
// everywhere and have no table. Both resolve to names here.

import type { SexprList } from './sexpr-list.js';
import type { TextPool } from './text-pool.js';

// Marks a net number seen before the table that names it; resolved by resolvePending.
const PENDING = '\u0000net:';

/** Maps net numbers to names and collects every net name the board mentions. */
export class KicadNetTable {
  private readonly byCode = new Map<number, string>();
  private readonly names = new Set<string>();
  private pendingSeen = false;

  constructor(private readonly pool: TextPool) {}

  /** Records a table entry `(net 3 "GND")`. */
  define(code: number, name: string): void {
    const pooled = this.pool.text(name);
    this.byCode.set(code, pooled);
    if (pooled !== '') this.names.add(pooled);
  }

  /** The net name of a `(net …)` child, or null for no net (absent, number 0 or empty name). */
  nameOf(net: SexprList | undefined): string | null {
    if (net === undefined) return null;
    const [first, second] = net.items;
    if (typeof second === 'string') return this.named(second);
    if (typeof first === 'string' && !/^\d+$/.test(first)) return this.named(first);
    const code = Number(first);
    if (!Number.isInteger(code)) return null;
    const name = this.byCode.get(code);
    if (name !== undefined) return name === '' ? null : name;
    if (code === 0) return null;
    this.pendingSeen = true;
    return `${PENDING}${code}`;
  }

  /** Resolves a name returned before the table was read; unknown numbers become no net. */
  resolvePending(name: string | null): string | null {
    if (name === null || !name.startsWith(PENDING)) return name;
    const resolved = this.byCode.get(Number(name.slice(PENDING.length)));
    return resolved === undefined || resolved === '' ? null : resolved;
  }

  /** True when some reference came before the table entry it needs. */
  get hasPending(): boolean {
    return this.pendingSeen;
  }

  /** All net names, sorted by code point, without the unconnected net "". */
  sortedNames(): string[] {
    return [...this.names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  private named(name: string): string | null {
    if (name === '') return null;
    const pooled = this.pool.text(name);
    this.names.add(pooled);
    return pooled;
  }
}
