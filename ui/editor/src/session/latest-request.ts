// Filters typed quickly start overlapping requests; an older answer arriving last must not replace the
// newer one. Each page keeps one LatestRequest per resource: a new request aborts the previous.

/** What `run` resolves to when a newer request replaced this one. */
export const SUPERSEDED = Symbol('superseded');

/** Runs requests one after another, keeping only the latest. */
export class LatestRequest {
  private controller: AbortController | null = null;

  /** Starts a request and aborts the one before; resolves to SUPERSEDED when a newer one started meanwhile. */
  async run<T>(request: (signal: AbortSignal) => Promise<T>): Promise<T | typeof SUPERSEDED> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    try {
      const value = await request(controller.signal);
      return controller.signal.aborted ? SUPERSEDED : value;
    } catch (error) {
      if (controller.signal.aborted) return SUPERSEDED;
      throw error;
    }
  }
}
