/**
 * Partner sites: who may embed the widget (CORS) and whose site id a lead is attributed to. Active partners
 * are read from the database and kept for a few seconds, since every widget call asks.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { TtlCache } from '../../lib/ttl-cache';

/** Our own directory's site id: leads from our pages carry it. */
export const OWN_SITE_ID = 'moveratlas-directory';

export interface Partner {
  siteId: string;
  name: string;
  allowedOrigins: string[];
  active: boolean;
}

const OriginList = z.array(z.string());

/** "HTTPS://Partner.example/" and "https://partner.example" are the same origin. */
export function normaliseOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

function toPartner(row: {
  site_id: string;
  name: string;
  allowed_origins: string;
  active: number | boolean;
}): Partner {
  let origins: string[] = [];
  try {
    origins = OriginList.parse(JSON.parse(row.allowed_origins));
  } catch {
    // A malformed list allows no origin rather than failing every call.
  }
  return {
    siteId: row.site_id,
    name: row.name,
    allowedOrigins: origins.map(normaliseOrigin).filter((o): o is string => o !== undefined),
    active: Boolean(row.active),
  };
}

export async function listPartners(db: Knex): Promise<Partner[]> {
  const rows = (await db('partners')
    .orderBy('site_id')
    .select('site_id', 'name', 'allowed_origins', 'active')) as Parameters<typeof toPartner>[0][];
  return rows.map(toPartner);
}

/** Creates a partner or updates the one with that site id. */
export async function savePartner(db: Knex, partner: Partner): Promise<void> {
  const row = {
    name: partner.name,
    allowed_origins: JSON.stringify(partner.allowedOrigins),
    active: partner.active,
    updated_at: db.fn.now(),
  };
  const updated = await db('partners').where({ site_id: partner.siteId }).update(row);
  if (updated === 0) await db('partners').insert({ site_id: partner.siteId, ...row });
}

/** How long a partner change takes to reach CORS and attribution in a running server. */
export const PARTNER_CACHE_MS = 10_000;

export class PartnerDirectory {
  private readonly cache = new TtlCache<Partner[]>(PARTNER_CACHE_MS, {
    maxEntries: 1,
    followsPublicChanges: true,
  });

  /** `ownOrigins`: PUBLIC_URL and CORS_ORIGINS, our own pages wherever they are served from. */
  constructor(
    private readonly db: Knex,
    private readonly ownOrigins: ReadonlySet<string>,
  ) {}

  async active(): Promise<Partner[]> {
    const partners = await this.cache.get('active', async () =>
      (await listPartners(this.db)).filter((p) => p.active),
    );
    return partners;
  }

  clear(): void {
    this.cache.clear();
  }

  /** Whether a browser on `origin` may call the widget's endpoints. */
  async allowsOrigin(origin: string): Promise<boolean> {
    if (this.ownOrigins.has(origin)) return true;
    const normalised = normaliseOrigin(origin);
    if (!normalised) return false;
    return (await this.active()).some((p) => p.allowedOrigins.includes(normalised));
  }

  /**
   * The site a write from the widget belongs to. A browser's Origin decides (the `website` field only picks
   * between partners that share it); without an Origin (server to server) the `website` site id must name
   * an active partner. Anything else is refused with 403.
   */
  async resolveSite(input: {
    origin: string | undefined;
    website: string;
    requestOrigin: string;
  }): Promise<string> {
    const partners = await this.active();
    const website = input.website.trim();
    const named = partners.find((p) => p.siteId === website);
    if (input.origin !== undefined) {
      const origin = normaliseOrigin(input.origin);
      if (origin !== undefined && (this.ownOrigins.has(origin) || origin === input.requestOrigin))
        return named?.siteId ?? OWN_SITE_ID;
      const allowed = origin ? partners.filter((p) => p.allowedOrigins.includes(origin)) : [];
      if (allowed.length === 0)
        throw new HttpError(
          403,
          `Origin ${input.origin.slice(0, 200)} is not an active partner site; ask MoverAtlas to add it`,
        );
      return (allowed.find((p) => p.siteId === website) ?? allowed[0]!).siteId;
    }
    if (website === '')
      throw new HttpError(403, 'Website is required: the site id of an active MoverAtlas partner');
    if (!named)
      throw new HttpError(403, `website "${website.slice(0, 64)}" is not an active partner site`);
    return named.siteId;
  }
}
