/** Where a command writes; tests pass buffers, the binary passes the process streams. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
}

/** Exit codes shared by every command (docs/diagnostics.md). */
export const EXIT = { ok: 0, errors: 1, usage: 2 } as const;
