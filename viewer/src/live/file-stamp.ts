// SPDX-License-Identifier: AGPL-3.0-or-later
// What identifies an event file as unchanged since its fact was taken: its size, modification time and
// inode. Writers rename finished files into events/, so a rewritten file has a new inode or time.

import type { Stats } from 'node:fs';

/** The stat fields that identify one version of a file. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ino: number;
}

/** The stamp of a stat result. */
export function stampOf(st: Stats): FileStamp {
  return { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino };
}

/** Whether a stat result is the file a stamp describes. */
export function sameFile(stamp: FileStamp, st: Stats): boolean {
  return stamp.size === st.size && stamp.mtimeMs === st.mtimeMs && stamp.ino === st.ino;
}

/**
 * The stamp of a folder as text: its mtime, ctime and inode change whenever a name in it is added,
 * removed or renamed (not when a file in it is written in place).
 */
export function folderStamp(st: Stats): string {
  return `${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;
}
