/** The process's load as /healthz and the admin Database screen report it (contracts' ServerLoad). */
import type { Application } from 'express';
import type { ServerLoad } from '@moveratlas/contracts';
import type { EventLoopMonitor } from '../../lib/event-loop-monitor';
import type { LoadShedder } from '../../lib/load-shedding';

/** What createApp keeps in app.locals for this report. */
export interface LoadLocals {
  eventLoop?: EventLoopMonitor;
  loadShedder?: LoadShedder;
}

export function serverLoad(app: Pick<Application, 'locals'>): ServerLoad {
  const { eventLoop, loadShedder } = app.locals as LoadLocals;
  const report = eventLoop?.report();
  const requests = loadShedder?.status();
  return {
    eventLoop: {
      p50Ms: report?.lastSecond.p50Ms ?? 0,
      p99Ms: report?.lastSecond.p99Ms ?? 0,
      maxMs: report?.lastSecond.maxMs ?? 0,
      maxLastMinuteMs: report?.maxLastMinuteMs ?? 0,
      warnMs: report?.warnMs ?? 0,
    },
    requests: {
      inFlight: requests?.inFlight ?? 0,
      maxInFlight: requests?.maxInFlight ?? 0,
      underPressure: requests?.underPressure ?? false,
      shed: requests?.shed ?? 0,
      queued: requests?.queued ?? 0,
    },
    heapUsedRatio: report?.heapUsedRatio ?? 0,
  };
}
