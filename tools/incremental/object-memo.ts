/**
 * A function of one object, remembered per object (a WeakMap: let go with the object). The engine keeps
 * what each composed file gives on its own this way, not as a query per file: a derived value of one
 * composed file changes exactly when the `composed` query's value does, so a query slot of its own would
 * only add a slot per file and query to a run over thousands of small files (docs/incremental.md).
 */
export function memoByObject<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const memo = new WeakMap<K, V>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined && !memo.has(key)) {
      value = compute(key);
      memo.set(key, value);
    }
    return value as V;
  };
}
