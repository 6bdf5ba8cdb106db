/** Runs a long-lived command with a signal that aborts on Ctrl-C (SIGINT) or SIGTERM, so it can end cleanly. */
export async function untilStopped<T>(run: (stop: AbortSignal) => Promise<T>): Promise<T> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await run(stop.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
