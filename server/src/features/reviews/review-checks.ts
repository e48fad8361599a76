/**
 * What a visitor's review meets before the public sees it (issue 19). Phone numbers and e-mail addresses are
 * masked in what is shown (the typed text is kept for staff): a review is no place for anyone's contact details.
 * A review is held for staff, with its reasons, when anything was masked, when it links to a website (the
 * usual shape of review spam), or when its text is nearly the same (word-shingle Jaccard from 0.8) as another
 * review of the same mover or another review by the same person — a copy pasted to every mover, or someone
 * writing one review many times. Anything else is published at once.
 */
import type { Knex } from 'knex';
import {
  containsLink,
  maskContactDetails,
  NEAR_DUPLICATE_SIMILARITY,
  shingleSimilarity,
  wordShingles,
  type ReviewHoldReason,
} from '@moveratlas/contracts';

/** Reviews of the mover compared with a new one: its latest, enough for any real mover's page. */
const COMPANY_REVIEWS_COMPARED = 1000;

export interface ReviewCheckInput {
  companyId: number;
  title: string;
  text: string;
  /** The reviewer, as their requests know them: their other reviews are compared too. */
  emailKey: string | null;
  phone: string;
  /** The captions of the review's photos (issue 19), checked as the title and text are. */
  captions?: readonly string[];
}

export interface ReviewCheckResult {
  /** What the public reads. */
  shownTitle: string;
  shownText: string;
  /** The captions as the public reads them, in the input's order. */
  shownCaptions: string[];
  /** Empty: published at once. */
  reasons: ReviewHoldReason[];
}

interface ComparedRow {
  id: number;
  body: string;
  typed_body: string | null;
}

function nearest(shingles: ReadonlySet<string>, rows: readonly ComparedRow[]): number | undefined {
  for (const row of rows)
    if (
      shingleSimilarity(shingles, wordShingles(row.typed_body ?? row.body)) >=
      NEAR_DUPLICATE_SIMILARITY
    )
      return Number(row.id);
  return undefined;
}

export async function checkReview(
  db: Knex | Knex.Transaction,
  input: ReviewCheckInput,
): Promise<ReviewCheckResult> {
  const reasons: ReviewHoldReason[] = [];
  const title = maskContactDetails(input.title);
  const text = maskContactDetails(input.text);
  const captions = (input.captions ?? []).map(maskContactDetails);
  const masked = [title, text, ...captions];
  if (masked.some((m) => m.phones > 0)) reasons.push({ code: 'phone-masked' });
  if (masked.some((m) => m.emails > 0)) reasons.push({ code: 'email-masked' });
  if ([input.title, input.text, ...(input.captions ?? [])].some(containsLink))
    reasons.push({ code: 'link' });

  const shingles = wordShingles(input.text);
  const companyReviews = (await db('reviews')
    .where('company_id', input.companyId)
    .orderBy('id', 'desc')
    .limit(COMPANY_REVIEWS_COMPARED)
    .select('id', 'body', 'typed_body')) as ComparedRow[];
  const sameForCompany = nearest(shingles, companyReviews);
  if (sameForCompany !== undefined)
    reasons.push({ code: 'same-as-company-review', reviewId: sameForCompany });

  // The same person: any review written from a request of the same address or phone.
  const ownReviews = (await db('reviews as r')
    .join('review_invitations as ri', 'ri.review_id', 'r.id')
    .join('leads as l', 'l.id', 'ri.lead_id')
    .where((q) => {
      q.where('l.phone', input.phone);
      if (input.emailKey) q.orWhere('l.email_key', input.emailKey);
    })
    .whereNot('r.company_id', input.companyId)
    .select('r.id', 'r.body', 'r.typed_body')) as ComparedRow[];
  const sameByPerson = nearest(shingles, ownReviews);
  if (sameByPerson !== undefined)
    reasons.push({ code: 'same-as-own-review', reviewId: sameByPerson });

  return {
    shownTitle: title.text,
    shownText: text.text,
    shownCaptions: captions.map((c) => c.text),
    reasons,
  };
}
