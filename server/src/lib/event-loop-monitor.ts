/**
 * The server's own event-loop delay (issue 12): one synchronous piece of work — a regex on a hostile path, a
 * CSV parse — holds every other request, /healthz included, so the process watches how late its timers
 * fire. The figures go to /healthz, the admin Database screen and the load shedder; past EVENT_LOOP_WARN_MS
 * a warning is logged (at most one per LOG_EVERY_MS per logger, with the worst delay seen meanwhile).
 *
 * Node's histogram forgets the interval in progress when it is reset (its next timer only sets a new starting
 * point), so a stall that begins right after a reset would go unseen; a probe timer every PROBE_MS measures
 * its own lateness, and the window's worst delay is the worse of the two.
 *
 * The event loop belongs to the process, not to one app, so there is one monitor per process whatever the
 * number of apps (tests start dozens): each app acquires it and releases it when its server closes; the
 * sampling timer runs while anyone holds it and never keeps the process alive (unref).
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { Logger } from 'pino';

/** How often the histogram is read and reset: the window "the last second" refers to. */
export const SAMPLE_MS = 1000;
/** The histogram's timer resolution: finer costs more wake-ups and says nothing a stall would not. */
const RESOLUTION_MS = 10;
/** The probe's period: a stall of L ms shows as at least L - PROBE_MS of lateness. */
const PROBE_MS = 50;
/** Windows kept for the "worst in the last minute" figure. */
const WINDOWS_KEPT = 60;
/** One warning per logger per this long, however long the trouble lasts. */
export const LOG_EVERY_MS = 10_000;

/** The histogram's figures are intervals between its timer's runs: less the resolution, how late it ran. */
const lateMs = (nanoseconds: number) =>
  Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 100) / 100);

/** What the last complete window saw, in milliseconds of delay beyond the timer's due time. */
export interface EventLoopWindow {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface EventLoopReport {
  /** The last complete second. */
  lastSecond: EventLoopWindow;
  /** The worst delay of the last minute. */
  maxLastMinuteMs: number;
  /** The warning threshold (EVENT_LOOP_WARN_MS). */
  warnMs: number;
  /** V8's heap in use over its limit (0–1), read with each window. */
  heapUsedRatio: number;
}

interface Subscriber {
  logger: Logger;
  warnMs: number;
  lastWarnAt: number;
  /** The worst delay not yet reported because a warning went out less than LOG_EVERY_MS ago. */
  unreportedMaxMs: number;
}

const EMPTY: EventLoopWindow = { p50Ms: 0, p99Ms: 0, maxMs: 0 };

class ProcessMonitor {
  private histogram: IntervalHistogram | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastProbe = 0;
  private lastSample = 0;
  /** The probe's worst lateness since the last sample. */
  private probeMaxMs = 0;
  private readonly subscribers = new Set<Subscriber>();
  private recent: EventLoopWindow[] = [];
  current: EventLoopWindow = EMPTY;
  heapUsedRatio = 0;

  subscribe(subscriber: Subscriber): void {
    this.subscribers.add(subscriber);
    if (this.timer) return;
    this.histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    this.histogram.enable();
    this.lastProbe = this.lastSample = performance.now();
    this.readHeap();
    this.timer = setInterval(() => this.probe(), PROBE_MS);
    this.timer.unref();
  }

  unsubscribe(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
    if (this.subscribers.size > 0 || !this.timer) return;
    clearInterval(this.timer);
    this.histogram?.disable();
    this.timer = undefined;
    this.histogram = undefined;
    this.recent = [];
    this.current = EMPTY;
    this.probeMaxMs = 0;
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  get maxLastMinuteMs(): number {
    return this.recent.reduce((worst, window) => Math.max(worst, window.maxMs), 0);
  }

  private readHeap(): void {
    const heap = v8.getHeapStatistics();
    this.heapUsedRatio = heap.used_heap_size / heap.heap_size_limit;
  }

  private probe(): void {
    const now = performance.now();
    this.probeMaxMs = Math.max(this.probeMaxMs, now - this.lastProbe - PROBE_MS);
    this.lastProbe = now;
    if (now - this.lastSample >= SAMPLE_MS) this.sample();
  }

  /** Closes the window: reads and resets the histogram, keeps the figures, warns. */
  sample(): void {
    const histogram = this.histogram;
    if (!histogram) return;
    const now = performance.now();
    this.lastSample = now;
    // The probe interval in progress counts too: a sample taken right after a stall sees it.
    this.probeMaxMs = Math.max(this.probeMaxMs, now - this.lastProbe - PROBE_MS);
    this.lastProbe = now;
    const hasSamples = histogram.count > 0;
    const probed = Math.round(Math.max(0, this.probeMaxMs));
    const window: EventLoopWindow = {
      p50Ms: hasSamples ? lateMs(histogram.percentile(50)) : 0,
      // At most 100 runs a second: one stall is always in the top 1%, so the probe's worst belongs here too.
      p99Ms: Math.max(hasSamples ? lateMs(histogram.percentile(99)) : 0, probed),
      maxMs: Math.max(hasSamples ? lateMs(histogram.max) : 0, probed),
    };
    histogram.reset();
    this.probeMaxMs = 0;
    this.current = window;
    this.recent.push(window);
    if (this.recent.length > WINDOWS_KEPT) this.recent.shift();
    this.readHeap();
    for (const subscriber of this.subscribers) warn(subscriber, window, Date.now());
  }
}

function warn(subscriber: Subscriber, window: EventLoopWindow, now: number): void {
  if (window.maxMs < subscriber.warnMs) return;
  subscriber.unreportedMaxMs = Math.max(subscriber.unreportedMaxMs, window.maxMs);
  if (now - subscriber.lastWarnAt < LOG_EVERY_MS) return;
  subscriber.logger.warn(
    {
      eventLoopDelayMs: { p99: window.p99Ms, max: subscriber.unreportedMaxMs },
      warnMs: subscriber.warnMs,
    },
    'event loop delayed: every request waited this long',
  );
  subscriber.lastWarnAt = now;
  subscriber.unreportedMaxMs = 0;
}

const processMonitor = new ProcessMonitor();

export interface EventLoopMonitor {
  report(): EventLoopReport;
  /** The last second's p99 delay, for the load shedder. */
  recentDelayMs(): number;
  heapUsedRatio(): number;
  /** Stops this app's share (the process's timer stops with the last one); safe to call twice. */
  release(): void;
}

/** Starts (or joins) the process's monitor; warnings past `warnMs` go to `logger`. */
export function acquireEventLoopMonitor(options: {
  logger: Logger;
  warnMs: number;
}): EventLoopMonitor {
  const subscriber: Subscriber = { ...options, lastWarnAt: 0, unreportedMaxMs: 0 };
  processMonitor.subscribe(subscriber);
  return {
    report: () => ({
      lastSecond: processMonitor.current,
      maxLastMinuteMs: processMonitor.maxLastMinuteMs,
      warnMs: options.warnMs,
      heapUsedRatio: Math.round(processMonitor.heapUsedRatio * 1000) / 1000,
    }),
    recentDelayMs: () => processMonitor.current.p99Ms,
    heapUsedRatio: () => processMonitor.heapUsedRatio,
    release: () => processMonitor.unsubscribe(subscriber),
  };
}

/** Tests: whether the process's sampling timer runs, and a sample taken now instead of at the next tick. */
export const eventLoopMonitorInternals = {
  get running() {
    return processMonitor.running;
  },
  sampleNow: () => processMonitor.sample(),
};
