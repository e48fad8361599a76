/**
 * One server process for the two-process test: the real app (startTestApp) on the database in
 * ACTIVITY_DATABASE (a DatabaseConfig as JSON), its per-address limit and load shedding off so that a burst
 * from one test client meets the counters only. Says "serving on http://localhost:<port>" when it listens;
 * SIGTERM closes it.
 */
import type { DatabaseConfig } from '../../src/config';
import { startTestApp } from '../test-app';

const database = JSON.parse(process.env.ACTIVITY_DATABASE ?? '') as DatabaseConfig;
const app = await startTestApp(database, { RATE_LIMIT_SESSIONS: '0', MAX_IN_FLIGHT: '0' });
process.stdout.write(`serving on http://localhost:${new URL(app.baseUrl).port}\n`);
process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
