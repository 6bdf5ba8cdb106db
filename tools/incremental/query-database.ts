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
  /** derived only: the query that computes the value again (undefined for inputs) */
  query: Rerun | undefined;
  key: string;
  computing: boolean;
}

/** What a derived slot is computed again by. */
interface Rerun {
  rerun(slot: Slot<unknown>): void;
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
  /**
   * The key's value, brought up to date, without the running query depending on it: what `untracked`
   * does for one read, without a function to run (a query of every file or target reads this way).
   */
  peek(key: K): V;
}

/** Counts of how often each derived query ran, for tests and benches that check what was redone. */
export type RunCounts = Map<string, number>;

/** The database: its revision, its inputs and derived queries, and the dependency tracking. */
export class QueryDatabase {
  private revision = 1;
  /** the derived computation running now: what it reads becomes its dependency */
  private active: (Slot<unknown>[] | null)[] = [];
  private readonly queries: Derived<string, unknown>[] = [];

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
            query: undefined,
            key,
            computing: false,
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
    const query = new Derived<K, V>(this, name, compute, equals);
    this.queries.push(query as unknown as Derived<string, unknown>);
    return query;
  }

  /** How often each derived query ran since the database was made. */
  get runs(): RunCounts {
    const counts: RunCounts = new Map();
    for (const q of this.queries) if (q.runs > 0) counts.set(q.name, (counts.get(q.name) ?? 0) + q.runs);
    return counts;
  }

  /** Runs `compute` for a slot's key with what it reads recorded as the slot's dependencies (Derived's part). */
  track<K extends string, V>(slot: Slot<V>, compute: (key: K) => V): V {
    const deps: Slot<unknown>[] = [];
    this.active.push(deps);
    slot.computing = true;
    let value: V;
    try {
      value = compute(slot.key as K);
    } finally {
      slot.computing = false;
      this.active.pop();
    }
    slot.deps = deps;
    slot.verifiedAt = this.revision;
    return value;
  }

  /**
   * Runs `read` without recording what it reads as a dependency of the running query: for reading the
   * current value of a broad query whose relevant part the caller has already read through a narrower,
   * tracked one (a fingerprint with early cutoff).
   */
  untracked<T>(read: () => T): T {
    this.active.push(null);
    try {
      return read();
    } finally {
      this.active.pop();
    }
  }

  /** Brings a derived slot up to date: green when no dependency changed after it was verified. */
  refresh(slot: Slot<unknown>): void {
    if (slot.verifiedAt === this.revision || !slot.query) return;
    for (const dep of slot.deps!) {
      this.refresh(dep);
      if (dep.changedAt > slot.verifiedAt) {
        slot.query.rerun(slot);
        return;
      }
    }
    slot.verifiedAt = this.revision;
  }

  /** Records a slot as read by the derived computation running now (none when untracked or outside one). */
  read(slot: Slot<unknown>): void {
    this.active[this.active.length - 1]?.push(slot);
  }
}

/**
 * A derived query's memos and how they are made: a slot per key (no closure of its own), and how often
 * the query ran. A run that reads the model once (`rr validate`) makes a slot per file and query, so a
 * slot is kept small.
 */
class Derived<K extends string, V> implements DerivedQuery<K, V>, Rerun {
  private readonly slots = new Map<K, Slot<V>>();
  runs = 0;

  constructor(
    private readonly db: QueryDatabase,
    readonly name: string,
    private readonly compute: (key: K) => V,
    private readonly equals: (a: V, b: V) => boolean,
  ) {}

  get(key: K): V {
    const slot = this.current(key);
    this.db.read(slot);
    return slot.value;
  }

  peek(key: K): V {
    return this.current(key).value;
  }

  /** The key's slot, computed (again) when it is new or what it read changed. */
  private current(key: K): Slot<V> {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = {
        value: undefined as V,
        changedAt: 0,
        verifiedAt: 0,
        deps: [],
        query: this,
        key,
        computing: false,
      };
      this.slots.set(key, slot);
      this.run(slot, true);
    } else {
      if (slot.computing) throw new Error(`query ${this.name}(${key}) depends on itself`);
      this.db.refresh(slot);
    }
    return slot;
  }

  rerun(slot: Slot<unknown>): void {
    this.run(slot as Slot<V>, false);
  }

  /** Computes a slot's value (again); keeps its change revision when the value is equal to the old one. */
  run(slot: Slot<V>, first: boolean): void {
    this.runs++;
    const value = this.db.track(slot, this.compute);
    if (first || !this.equals(slot.value, value)) {
      slot.value = value;
      slot.changedAt = this.db.currentRevision;
    }
  }
}
