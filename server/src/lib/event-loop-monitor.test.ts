import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import {
  acquireEventLoopMonitor,
  eventLoopMonitorInternals,
  type EventLoopMonitor,
} from './event-loop-monitor';

/** A pino logger whose lines land in `lines`. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/**
 * Holds the event loop for `ms` in a callback of its own, as a synchronous parse or regex in a request would,
 * then closes the monitor's window at once (a sample due meanwhile would otherwise take the stall with it).
 */
function blockThenSample(ms: number): Promise<void> {
  return new Promise((resolve) =>
    setImmediate(() => {
      const end = performance.now() + ms;
      while (performance.now() < end) {
        // busy
      }
      eventLoopMonitorInternals.sampleNow();
      resolve();
    }),
  );
}

/** Lets the timers run a little. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

const held: EventLoopMonitor[] = [];
afterEach(() => {
  for (const monitor of held.splice(0)) monitor.release();
});

describe('event-loop monitor', () => {
  it('reports a stall of the event loop in the last second and the last minute', async () => {
    const monitor = acquireEventLoopMonitor({ logger: pino({ level: 'silent' }), warnMs: 200 });
    held.push(monitor);
    await blockThenSample(300);
    const report = monitor.report();
    expect(report.lastSecond.maxMs).toBeGreaterThanOrEqual(250);
    expect(report.maxLastMinuteMs).toBeGreaterThanOrEqual(250);
    expect(monitor.recentDelayMs()).toBe(report.lastSecond.p99Ms);
    expect(report.warnMs).toBe(200);
    expect(report.heapUsedRatio).toBeGreaterThan(0);
    expect(report.heapUsedRatio).toBeLessThan(1);

    // The next quiet second no longer shows it as recent; the minute still does.
    await tick();
    eventLoopMonitorInternals.sampleNow();
    expect(monitor.report().lastSecond.maxMs).toBeLessThan(250);
    expect(monitor.report().maxLastMinuteMs).toBeGreaterThanOrEqual(250);
  });

  it('logs one warning past the threshold, then no more than one per interval', async () => {
    const { logger, lines } = capturingLogger();
    const monitor = acquireEventLoopMonitor({ logger, warnMs: 100 });
    held.push(monitor);
    await blockThenSample(200);
    const warnings = () => lines.filter((line) => line.level === 40);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({
      warnMs: 100,
      msg: expect.stringContaining('event loop'),
    });
    const reported = warnings()[0]!.eventLoopDelayMs as { max: number };
    expect(reported.max).toBeGreaterThanOrEqual(100);

    await blockThenSample(200);
    expect(warnings()).toHaveLength(1);
  });

  it('says nothing below the threshold', async () => {
    const { logger, lines } = capturingLogger();
    held.push(acquireEventLoopMonitor({ logger, warnMs: 5000 }));
    await blockThenSample(50);
    expect(lines).toHaveLength(0);
  });

  it('runs one timer for the process while any app holds it, and stops with the last', () => {
    const silent = pino({ level: 'silent' });
    const first = acquireEventLoopMonitor({ logger: silent, warnMs: 200 });
    const second = acquireEventLoopMonitor({ logger: silent, warnMs: 200 });
    expect(eventLoopMonitorInternals.running).toBe(true);
    first.release();
    expect(eventLoopMonitorInternals.running).toBe(true);
    second.release();
    second.release();
    expect(eventLoopMonitorInternals.running).toBe(false);
  });
});
