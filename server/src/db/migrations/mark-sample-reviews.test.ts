/**
 * The migration that marks the sample reviews already in a database (issue 19): a review the seed wrote (no
 * request behind it) becomes a sample; one written from a request's link does not, also once the request and
 * with it its invitation were deleted (the review keeps its verified day).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { openDatabase } from '../connection';
import { migrationSource } from './index';

const MIGRATION = '20261130_05_mark_sample_reviews';

describe('marking the sample reviews already stored', () => {
  const db: Knex = openDatabase({ client: 'sqlite', filename: ':memory:' });
  afterAll(() => db.destroy());

  it('marks the seed’s reviews and no review from a request', async () => {
    // The database as it was before the migration.
    await db.migrate.latest({
      migrationSource: {
        ...migrationSource,
        getMigrations: async () =>
          (await migrationSource.getMigrations([])).filter((name) => name < MIGRATION),
      },
    });
    // The rows alone matter here, not the companies and requests they belong to.
    await db.raw('PRAGMA foreign_keys = OFF');
    const review = (id: number, verifiedOn: string | null) => ({
      id,
      company_id: 1,
      rating: 4,
      title: `Review ${id}`,
      body: 'What happened on the day of the move.',
      author_first_name: 'Ann',
      reviewed_on: '2026-01-02',
      status: 'published',
      verified_request_on: verifiedOn,
    });
    await db('reviews').insert([
      review(1, null), // the seed's
      review(2, '2026-01-01'), // from a link, its request still there
      review(3, '2026-01-01'), // from a link, its request since deleted
      review(4, null), // tied to an invitation without a verified day: not the seed's either
    ]);
    await db('review_invitations').insert(
      [2, 4].map((reviewId) => ({
        lead_id: reviewId,
        company_id: 1,
        token_hash: String(reviewId).repeat(64).slice(0, 64),
        expires_at: 0,
        created_at: 0,
        used_at: 0,
        review_id: reviewId,
      })),
    );

    await db.migrate.latest({ migrationSource });

    const rows = (await db('reviews').orderBy('id').select('id', 'is_sample')) as Array<{
      id: number;
      is_sample: number;
    }>;
    expect(rows.map((r) => [r.id, Number(r.is_sample)])).toEqual([
      [1, 1],
      [2, 0],
      [3, 0],
      [4, 0],
    ]);
    // A review stored later is a customer's unless said otherwise (the seed says so).
    await db('reviews').insert(review(5, '2026-01-03'));
    const later = (await db('reviews').where({ id: 5 }).first('is_sample')) as {
      is_sample: number;
    };
    expect(Number(later.is_sample)).toBe(0);
  });
});
