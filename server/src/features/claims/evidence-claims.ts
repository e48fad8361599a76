/**
 * Claims with evidence (the listing's address is wrong or missing, or the listing has an owner already):
 * stored pending, with the document, for staff to approve or decline in the admin's claims queue.
 */
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { ClaimEvidence } from '@moveratlas/contracts';
import { HttpError } from '../../lib/http-error';
import { clientIp, userAgent } from '../../lib/request-meta';
import { readDocument } from './claim-document';
import type { ClaimTarget } from './claim-target';

export async function storeEvidenceClaim(
  db: Knex,
  target: ClaimTarget,
  input: ClaimEvidence,
  req: Request,
  now: number,
): Promise<number> {
  // Read and checked before anything is stored: a refused file leaves no row behind.
  const document = readDocument(input.document.data);
  return db.transaction(async (trx) => {
    const waiting = (await trx('company_claims')
      .where({ company_id: target.id, email: input.email, status: 'pending' })
      .first('id')) as unknown;
    if (waiting !== undefined)
      throw new HttpError(
        409,
        'You already sent a claim for this listing and it is waiting for our team. We will e-mail you the decision.',
      );
    const [id] = (await trx('company_claims').insert({
      company_id: target.id,
      status: 'pending',
      name: input.name,
      email: input.email,
      phone: input.phone,
      role: input.role,
      usdot_number: input.usdotNumber,
      message: input.message,
      document_name: input.document.name.slice(0, 200),
      document_type: document.type,
      document_bytes: document.bytes.length,
      document: document.bytes,
      ip_address: clientIp(req),
      user_agent: userAgent(req).slice(0, 300),
      created_at: now,
    })) as number[];
    return Number(id);
  });
}
