/**
 * Runs `run` once now (catching up on anything missed while the server was down) and then every
 * `intervalMs` (0: once only), never overlapping with itself; other server instances are kept apart by
 * the jobs' own row locks. Returns a stop function: it aborts `run`'s signal, which a job checks between
 * its batches, and waits for the run in progress to finish its current batch.
 */
export function scheduleRepeating<T>(
  run: (signal: AbortSignal) => Promise<T>,
  options: {
    intervalMs: number;
    onError: (error: unknown) => void;
    onRun?: (result: T) => void;
    /** Each run's outcome and duration, for /api/metrics (the schedule* wrappers pass their options through). */
    observe?: (outcome: 'ok' | 'failed', seconds: number) => void;
  },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const stopping = new AbortController();
  const tick = () => {
    if (running || stopping.signal.aborted) return;
    const started = performance.now();
    const observe = (outcome: 'ok' | 'failed') => options.observe?.(outcome, (performance.now() - started) / 1000);
    running = run(stopping.signal)
      .then(
        (result) => {
          observe('ok');
          return result;
        },
        (error) => {
          observe('failed');
          throw error;
        },
      )
      .then((result) => options.onRun?.(result))
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = options.intervalMs > 0 ? setInterval(tick, options.intervalMs) : null;
  timer?.unref();
  return async () => {
    if (timer) clearInterval(timer);
    stopping.abort();
    await running;
  };
}
