/** The identity of a case: (normalized target label, case path), as one map key. */
export function caseKey(target: string, path: string): string {
  return `${target}\u0000${path}`;
}
