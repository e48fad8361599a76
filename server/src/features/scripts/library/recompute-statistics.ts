/**
 * Recompute statistics: refreshes the query planner's table statistics (they go stale after imports and bulk
 * edits, and SQLite then picks slow plans — see db/dialect.ts) and computes the directory figures the
 * statistics pages show, nationally and for every state.
 */
import { z } from 'zod';
import { US_STATES } from '@moveratlas/contracts';
import { refreshPlannerStatistics } from '../../../db/dialect';
import { directoryStatistics, forgetDirectoryStatistics } from '../../states';
import { checkpoint, defineScript } from '../../../jobs/script';

export const recomputeStatistics = defineScript({
  id: 'recompute-statistics',
  title: 'Recompute statistics',
  description:
    'Refreshes the database’s query-planner statistics (run it after imports or bulk edits) and computes the national and per-state directory figures — companies, featured, reviews, average rating — that the statistics pages show. The process running the script recomputes them at once; other server processes keep theirs for up to a minute.',
  params: z.strictObject({
    analyze: z
      .boolean()
      .default(true)
      .meta({ title: 'Refresh planner statistics', description: 'Run ANALYZE on the tables.' }),
  }),
  async run({ analyze }, { db, signal, progress, log }) {
    if (analyze) {
      const started = Date.now();
      await refreshPlannerStatistics(db);
      await log(`Planner statistics refreshed in ${Date.now() - started} ms`);
    }
    await progress(10);
    forgetDirectoryStatistics(db);
    const national = await directoryStatistics(db, {});
    await log(
      `National: ${national.companyCount} companies, ${national.reviewCount} reviews, average rating ${national.averageRating ?? '—'}`,
    );
    const states = (await db('states').select('id', 'abbreviation')) as Array<{
      id: number;
      abbreviation: string;
    }>;
    const byAbbreviation = new Map(states.map((s) => [s.abbreviation, Number(s.id)]));
    const perState: Array<{ state: string; companies: number; averageRating: number | null }> = [];
    for (const [i, state] of US_STATES.entries()) {
      checkpoint(signal);
      const stateId = byAbbreviation.get(state.abbreviation);
      if (stateId === undefined) continue;
      const figures = await directoryStatistics(db, { stateId });
      perState.push({
        state: state.abbreviation,
        companies: figures.companyCount,
        averageRating: figures.averageRating,
      });
      await progress(10 + (90 * (i + 1)) / US_STATES.length);
    }
    await log(`Figures computed for ${perState.length} states`);
    return {
      analyzed: analyze,
      national: {
        companies: national.companyCount,
        featured: national.featuredCount,
        reviews: national.reviewCount,
        averageRating: national.averageRating,
      },
      states: perState,
    };
  },
});
