/**
 * Long work done in small synchronous steps (parsing a file, checking its rows) hands the event loop back
 * every few milliseconds, so a 50 MB upload never keeps the server from answering. An `await` alone is not
 * enough: promises that are already settled (a stream's buffered data, a synchronous SQLite query) resume as
 * microtasks, and microtasks run before any timer or socket gets its turn. `setImmediate` waits for the next
 * turn of the loop, after the pending I/O.
 */
import { setImmediate } from 'node:timers/promises';

/** Work between two turns of the event loop: short enough that other requests barely notice. */
export const SLICE_MS = 4;

export class TimeSlice {
  private started = performance.now();

  constructor(private readonly budgetMs = SLICE_MS) {}

  /** Whether this slice has used its time: then `await slice.yield()` before more work. */
  due(): boolean {
    return performance.now() - this.started >= this.budgetMs;
  }

  /** Lets pending I/O and timers run, then starts a new slice. */
  async yield(): Promise<void> {
    await setImmediate();
    this.started = performance.now();
  }

  /** Yields only when the slice is used up (cheap to call after every small step). */
  async pause(): Promise<void> {
    if (this.due()) await this.yield();
  }
}

/** Lets queued requests run (and use the database: SQLite has one connection) before more work. */
export const yieldToServer = () => setImmediate();
