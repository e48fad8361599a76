/** Asks /healthz every 100 ms while the fuzz runs (one probe at a time) and keeps the slowest answer. */
export class HealthProbe {
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private count = 0;
  private failed = 0;
  private maxMs = 0;

  start(baseUrl: string): void {
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      const started = performance.now();
      fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) this.failed += 1;
        })
        .catch(() => {
          this.failed += 1;
        })
        .finally(() => {
          this.count += 1;
          this.maxMs = Math.max(this.maxMs, performance.now() - started);
          this.busy = false;
        });
    }, 100);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  summary(): { count: number; maxMs: number; failed: number } {
    return { count: this.count, maxMs: this.maxMs, failed: this.failed };
  }
}
