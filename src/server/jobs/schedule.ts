/**
 * Runs `run` once now (catching up on anything missed while the server was down) and then every
 * `intervalMs` (0: once only), never overlapping with itself; other server instances are kept apart by
 * the jobs' own row locks. Returns a stop function that waits for a run in progress.
 */
export function scheduleRepeating<T>(
  run: () => Promise<T>,
  options: { intervalMs: number; onError: (error: unknown) => void; onRun?: (result: T) => void },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
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
    await running;
  };
}
