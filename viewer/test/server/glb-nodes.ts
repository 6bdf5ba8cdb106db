// SPDX-License-Identifier: AGPL-3.0-or-later
// Reads a binary glTF's JSON chunk, so tests can see which nodes KiCad exported (components are nodes
// named by their reference).

/** The names of every node of a GLB. */
export function glbNodeNames(glb: Buffer): string[] {
  if (glb.subarray(0, 4).toString('latin1') !== 'glTF') throw new Error('not a GLB');
  const length = glb.readUInt32LE(12);
  const json = JSON.parse(glb.subarray(20, 20 + length).toString('utf8')) as { nodes?: { name?: string }[] };
  return (json.nodes ?? []).map((n) => n.name ?? '');
}
