// SPDX-License-Identifier: AGPL-3.0-or-later
// Names inside a live directory: which files are events, how writers name them, where checkpoints go.

/** Digits of the zero-padded sequence number in conventional event file names. */
export const SEQ_DIGITS = 8;

/** The conventional file name of an event: `<seq zero-padded to 8 digits>-<kind>.json`. */
export function eventFileName(seq: number, kind: string): string {
  return `${String(seq).padStart(SEQ_DIGITS, '0')}-${kind}.json`;
}

/**
 * Whether a name in events/ is an event file: ends in `.json` and does not start with `.`.
 * Writers use names outside this set (e.g. `.00000012-placement.json.tmp`) while writing.
 */
export function isEventFileName(name: string): boolean {
  return name.endsWith('.json') && !name.startsWith('.') && name.length > '.json'.length;
}

const CHECKPOINT_REF = /^boards\/([0-9a-f]{64})\.([A-Za-z0-9_]+)$/;

/** The live-directory-relative path of a checkpoint with this content hash and extension. */
export function checkpointRef(sha256: string, extension: string): string {
  return `boards/${sha256}.${extension}`;
}

/** The sha256 a checkpoint reference names, or undefined when it is not `boards/<sha256>.<ext>`. */
export function checkpointSha(ref: string): string | undefined {
  return CHECKPOINT_REF.exec(ref)?.[1];
}

/** What run and lane ids may be (the schema's id pattern). */
export const TELEMETRY_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
