/**
 * "Run the QA suites" as a maintenance script (admin-scripts registry): from the QA Automation screen's
 * button, the Scripts screen or a cron schedule, always as a job. Each check is stored as it finishes.
 */
import { z } from 'zod';
import { QA_SUITES, qaExpectedChecks, qaRunPercent, type QaSuite } from '@moveratlas/contracts';
import { defineScript } from '../../jobs/script';
import { configuredSiteTarget } from '../seo-health';
import { runQaSuites } from './qa-suites';
import { finishQaRun, recordQaCheck, startQaRun } from './qa-store';

export const QA_SCRIPT_ID = 'qa-suites';

export const qaSuitesParams = z.strictObject({
  routes: z.boolean().default(true).meta({
    title: 'Public routes',
    description: 'Every public route answers with its title and canonical; unknown paths 404.',
  }),
  links: z.boolean().default(true).meta({
    title: 'Broken links',
    description: 'A short crawl finds no broken internal link.',
  }),
  api: z.boolean().default(true).meta({
    title: 'API contracts',
    description: 'The public API answers in the documented shapes.',
  }),
  quoteFlow: z.boolean().default(true).meta({
    title: 'Quote flow',
    description: 'A test quote through the widget’s endpoints, never forwarded.',
  }),
  linkLimit: z.number().int().min(5).max(5000).default(60).meta({
    title: 'Pages to crawl for links',
    description: 'How many pages the broken-links suite visits.',
  }),
});
export type QaSuitesParams = z.input<typeof qaSuitesParams>;

/** The script's parameters for a list of suites (the QA screen's choice). */
export function qaParamsFor(suites: readonly QaSuite[]): Record<string, boolean> {
  return {
    routes: suites.includes('routes'),
    links: suites.includes('links'),
    api: suites.includes('api'),
    quoteFlow: suites.includes('quote-flow'),
  };
}

export const qaSuitesScript = defineScript({
  id: QA_SCRIPT_ID,
  title: 'Run the QA suites',
  description:
    'Checks the running site over HTTP: every public route answers with its title and canonical, no internal link is broken, the public API answers in its documented shapes, and a test quote goes through the widget’s endpoints as the QA test partner (stored as a test, never forwarded, then removed). Results are on QA Automation.',
  params: qaSuitesParams,
  maxAttempts: 1,
  timeoutMs: 30 * 60_000,
  async run(params, { config, db, jobId, signal, progress, log }) {
    const suites = QA_SUITES.filter((suite) =>
      suite === 'quote-flow' ? params.quoteFlow : params[suite],
    );
    if (suites.length === 0) throw new Error('Choose at least one suite');
    const target = configuredSiteTarget(config);
    const runId = await startQaRun(db, { jobId, suites });
    await log(`QA run ${runId}: ${suites.join(', ')} against ${target.base}`);
    const expected = qaExpectedChecks(suites);
    let done = 0;
    try {
      await runQaSuites({
        target,
        db,
        suites,
        linkLimit: params.linkLimit,
        signal,
        async onCheck(check) {
          await recordQaCheck(db, runId, check);
          done++;
          await progress(qaRunPercent({ running: true, done, expected }));
          if (check.status === 'failed')
            await log(`FAILED ${check.suite}: ${check.name} — ${check.detail ?? ''}`, 'warn');
        },
      });
    } catch (error) {
      await finishQaRun(db, runId, (error as Error).message ?? String(error));
      throw error;
    }
    const outcome = await finishQaRun(db, runId);
    await log(`${outcome.passed} of ${outcome.total} checks passed`);
    // A run whose checks failed still succeeded as a job: the failures are its result, not its error.
    return { runId, ...outcome };
  },
});
