// SPDX-License-Identifier: AGPL-3.0-or-later
// The gate of a turn's write and web tools: the CLI connects to its MCP servers before it reports its
// init message, so a tool call can reach rr before rr has read that message. Tool calls therefore wait
// until the init has passed the guard, and are refused once the turn was stopped.

/** Opens when the run's init passed the guard; shuts for good when the run is stopped. */
export class TurnGate {
  private state: 'waiting' | 'open' | 'shut' = 'waiting';
  private reason = '';
  private readonly waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];

  /** The init message passed the guard. */
  open(): void {
    if (this.state !== 'waiting') return;
    this.state = 'open';
    for (const w of this.waiters.splice(0)) w.resolve();
  }

  /** The run was stopped (or ended): every waiting and later call is refused. */
  shut(reason: string): void {
    if (this.state === 'shut') return;
    this.state = 'shut';
    this.reason = reason;
    for (const w of this.waiters.splice(0)) w.reject(new Error(reason));
  }

  /** Resolves when tools may act; rejects when the turn was stopped. */
  pass(): Promise<void> {
    if (this.state === 'open') return Promise.resolve();
    if (this.state === 'shut') return Promise.reject(new Error(this.reason));
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }
}
