/**
 * A small memoising query database in the manner of rust-analyzer's salsa (docs/incremental.md).
 *
 * Inputs are set from outside and bump the revision when their value changes. Derived queries are
 * pure functions of inputs and other queries, memoised per key; while one runs, every query it reads
 * is recorded as its dependency. A memo is reused when none of its dependencies changed since it was
 * last verified ("green"); otherwise it runs again ("red"), and when its new value equals the old one
 * (the query's `equals`) it keeps its old change revision, so its dependents stay green: early cutoff.
 */

/** One memoised value: of an input, or of a derived query for one key. */
interface Slot<V> {
  value: V;
  /** the revision at which the value last changed */
  changedAt: number;
  /** the revision at which the value was last known up to date */
  verifiedAt: number;
  /** derived only: the slots read while computing, in reading order */
  deps: Slot<unknown>[] | undefined;
  /** derived only: recomputes the value (undefined for inputs) */
  recompute: (() => void) | undefined;
  computing: boolean;
  label: string;
}

/** Values equal by ===, the default cutoff. */
export const sameValue = <V>(a: V, b: V): boolean => a === b;

/** An input query: values set from outside, by key. */
export interface InputQuery<K extends string, V> {
  /** Sets a key's value; a new revision starts when the value differs from the current one. */
  set(key: K, value: V): void;
  /** The key's value (throws when the key was never set). */
  get(key: K): V;
  /** Whether the key was ever set. */
  has(key: K): boolean;
}

/** A derived query: memoised by key, recomputed only when what it read changed. */
export interface DerivedQuery<K extends string, V> {
  get(key: K): V;
}

/** Counts of how often each derived query ran, for tests and benches that check what was redone. */
export type RunCounts = Map<string, number>;

/** The database: its revision, its inputs and derived queries, and the dependency tracking. */
export class QueryDatabase {
  private revision = 1;
  /** the derived computation running now: what it reads becomes its dependency */
  private active: Slot<unknown>[][] = [];
  readonly runs: RunCounts = new Map();

  /** The current revision (grows by one with each changed input). */
  get currentRevision(): number {
    return this.revision;
  }

  /** Declares an input query; `equals` decides whether a set value is a change. */
  input<K extends string, V>(name: string, equals: (a: V, b: V) => boolean = sameValue): InputQuery<K, V> {
    const slots = new Map<K, Slot<V>>();
    return {
      set: (key, value) => {
        const slot = slots.get(key);
        if (slot && equals(slot.value, value)) return;
        this.revision++;
        if (slot) {
          slot.value = value;
          slot.changedAt = this.revision;
          slot.verifiedAt = this.revision;
        } else
          slots.set(key, {
            value,
            changedAt: this.revision,
            verifiedAt: this.revision,
            deps: undefined,
            recompute: undefined,
            computing: false,
            label: `${name}(${key})`,
          });
      },
      get: (key) => {
        const slot = slots.get(key);
        if (!slot) throw new Error(`input ${name}(${key}) was read before it was set`);
        this.read(slot);
        return slot.value;
      },
      has: (key) => slots.has(key),
    };
  }

  /** Declares a derived query computed by `compute`; `equals` gives early cutoff. */
  derived<K extends string, V>(
    name: string,
    compute: (key: K) => V,
    equals: (a: V, b: V) => boolean = sameValue,
  ): DerivedQuery<K, V> {
    const slots = new Map<K, Slot<V>>();
    const run = (slot: Slot<V>, key: K, first: boolean) => {
      this.runs.set(name, (this.runs.get(name) ?? 0) + 1);
      const deps: Slot<unknown>[] = [];
      this.active.push(deps);
      slot.computing = true;
      let value: V;
      try {
        value = compute(key);
      } finally {
        slot.computing = false;
        this.active.pop();
      }
      slot.deps = deps;
      slot.verifiedAt = this.revision;
      if (first || !equals(slot.value, value)) {
        slot.value = value;
        slot.changedAt = this.revision;
      }
    };
    return {
      get: (key) => {
        let slot = slots.get(key);
        if (!slot) {
          const created: Slot<V> = {
            value: undefined as V,
            changedAt: 0,
            verifiedAt: 0,
            deps: [],
            recompute: () => run(created, key, false),
            computing: false,
            label: `${name}(${key})`,
          };
          slot = created;
          slots.set(key, created);
          this.guard(created);
          run(created, key, true);
        } else {
          this.guard(slot);
          this.refresh(slot);
        }
        this.read(slot);
        return slot.value;
      },
    };
  }

  /**
   * Runs `read` without recording what it reads as a dependency of the running query: for reading the
   * current value of a broad query whose relevant part the caller has already read through a narrower,
   * tracked one (a fingerprint with early cutoff).
   */
  untracked<T>(read: () => T): T {
    this.active.push([]);
    try {
      return read();
    } finally {
      this.active.pop();
    }
  }

  /** Brings a derived slot up to date: green when no dependency changed after it was verified. */
  private refresh(slot: Slot<unknown>): void {
    if (slot.verifiedAt === this.revision || !slot.recompute) return;
    for (const dep of slot.deps ?? []) {
      this.refresh(dep);
      if (dep.changedAt > slot.verifiedAt) {
        slot.recompute();
        return;
      }
    }
    slot.verifiedAt = this.revision;
  }

  private guard(slot: Slot<unknown>): void {
    if (slot.computing) throw new Error(`query ${slot.label} depends on itself`);
  }

  private read(slot: Slot<unknown>): void {
    this.active[this.active.length - 1]?.push(slot);
  }
}
