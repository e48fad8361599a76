/**
 * The data of the movers' dashboard benchmark: one company with many leads (spread over the last year, each
 * named in its consent and listed in company_leads as the intake writes them), leads of other companies beside
 * them, a year of profile activity and a few hundred published reviews. Written in multi-row inserts.
 */
import type { Knex } from 'knex';

const DAY_MS = 86_400_000;
const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'John',
  'Radia',
  'Ken',
];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Backus'];
const CITIES = [
  ['Austin', 'TX'],
  ['Chicago', 'IL'],
  ['Denver', 'CO'],
  ['Portland', 'OR'],
  ['Atlanta', 'GA'],
  ['Phoenix', 'AZ'],
  ['Boston', 'MA'],
  ['Seattle', 'WA'],
] as const;
const SIZES = ['studio', '2-3br', '4br', 'commercial'] as const;
const STATUSES = ['new', 'new', 'new', 'contacted', 'quoted', 'booked', 'lost'] as const;

/** A deterministic pseudo-random sequence (mulberry32), so every run seeds the same data. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sqlTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const pad = (n: number) => String(n).padStart(2, '0');

async function insertInChunks(db: Knex, table: string, rows: object[], size = 400) {
  for (let i = 0; i < rows.length; i += size) await db(table).insert(rows.slice(i, i + size));
}

export interface ProBenchData {
  companyId: number;
  leads: number;
}

/**
 * Seeds `leads` leads for the first listed company and `otherLeads` for others, with their consents and
 * company_leads rows, 365 days of activity and `reviews` published reviews. Returns the company's id.
 */
export async function seedProDashboard(
  db: Knex,
  options: { leads: number; otherLeads: number; reviews: number; now?: number },
): Promise<ProBenchData> {
  const now = options.now ?? Date.now();
  const rand = random(20261127);
  const companies = (await db('companies').orderBy('id').limit(50).select('id', 'name')) as Array<{
    id: number;
    name: string;
  }>;
  const company = companies[0]!;
  const others = companies.slice(1);
  const total = options.leads + options.otherLeads;
  const tag = `bench-pro-${now}`;
  for (let start = 0; start < total; start += 2000) {
    const leads = [];
    const meta: Array<{
      uuid: string;
      named: { id: number; name: string }[];
      at: string;
      searchText: string;
    }> = [];
    for (let i = start; i < Math.min(total, start + 2000); i++) {
      const ours = i < options.leads;
      const named = ours
        ? [company, ...(rand() < 0.5 ? [others[Math.floor(rand() * others.length)]!] : [])]
        : [others[Math.floor(rand() * others.length)]!];
      const at = sqlTime(now - Math.floor(rand() * 365 * DAY_MS));
      const move = new Date(now + Math.floor((rand() - 0.3) * 200) * DAY_MS);
      const [fromCity, fromState] = CITIES[Math.floor(rand() * CITIES.length)]!;
      const [toCity, toState] = CITIES[Math.floor(rand() * CITIES.length)]!;
      const first = FIRST[Math.floor(rand() * FIRST.length)]!;
      const last = LAST[Math.floor(rand() * LAST.length)]!;
      const uuid = `${tag}-${i}`;
      leads.push({
        public_id: `B${String(i).padStart(9, '0')}`.slice(0, 16),
        lead_uuid: uuid,
        site_id: 'moveratlas',
        first_name: first,
        last_name: `${last}${i % 97}`,
        email: `${first.toLowerCase()}.${i}@example.com`,
        phone: `312555${String(i % 10_000).padStart(4, '0')}`,
        from_city: fromCity,
        from_state: fromState,
        from_state_code: fromState,
        from_location: `${fromCity}, ${fromState}`,
        to_city: toCity,
        to_state: toState,
        to_location: `${toCity}, ${toState}`,
        move_date: `${pad(move.getUTCMonth() + 1)}/${pad(move.getUTCDate())}/${move.getUTCFullYear()}`,
        move_size: SIZES[Math.floor(rand() * SIZES.length)]!,
        number_of_rooms: 3,
        selected_companies: JSON.stringify(named.map((c) => ({ id: c.id, name: c.name }))),
        wire: '{}',
        status: 'new',
        delivery_status: 'delivered',
        ip_address: '203.0.113.7',
        user_agent: 'bench',
        created_at: at,
        updated_at: at,
      });
      const email = `${first.toLowerCase()}.${i}@example.com`;
      const searchText = `${first} ${last}${i % 97} ${email} ${fromCity} ${toCity}`.toLowerCase();
      meta.push({ uuid, named, at, searchText });
    }
    await insertInChunks(db, 'leads', leads);
    const ids = (await db('leads')
      .whereIn(
        'lead_uuid',
        meta.map((m) => m.uuid),
      )
      .select('id', 'lead_uuid', 'move_date', 'move_size')) as Array<{
      id: number;
      lead_uuid: string;
      move_date: string;
      move_size: string;
    }>;
    const byUuid = new Map(ids.map((r) => [r.lead_uuid, r]));
    const consents = [];
    const companyLeads = [];
    for (const m of meta) {
      const lead = byUuid.get(m.uuid)!;
      consents.push({
        lead_id: lead.id,
        consent_version: '2026-11-27',
        consent_text: 'bench',
        named_companies: JSON.stringify(m.named.map((c) => ({ id: c.id, name: c.name }))),
        checkbox_checked: true,
        consented_at: `${m.at.replace(' ', 'T')}.000Z`,
        ip_address: '203.0.113.7',
        user_agent: 'bench',
        page_url: 'https://example.com/',
      });
      const [mm, dd, yyyy] = lead.move_date.split('/');
      for (const c of m.named) {
        const status =
          c.id === company.id ? STATUSES[Math.floor(rand() * STATUSES.length)]! : 'new';
        companyLeads.push({
          lead_id: lead.id,
          company_id: c.id,
          status,
          received_at: m.at,
          move_on: `${yyyy}-${mm}-${dd}`,
          move_size: lead.move_size,
          search_text: m.searchText,
          status_changed_at: status === 'new' ? null : now,
          created_at: now,
        });
      }
    }
    await insertInChunks(db, 'lead_consents', consents);
    await insertInChunks(db, 'company_leads', companyLeads);
  }

  const activity = [];
  for (let d = 0; d < 365; d++) {
    const day = new Date(now - d * DAY_MS).toISOString().slice(0, 10);
    for (const kind of ['view', 'quote_click', 'phone_click', 'website_click'])
      activity.push({
        company_id: company.id,
        day,
        kind,
        count: Math.floor(rand() * (kind === 'view' ? 400 : 40)),
      });
  }
  await db('company_daily_activity').where('company_id', company.id).delete();
  await insertInChunks(db, 'company_daily_activity', activity);

  const reviews = [];
  for (let i = 0; i < options.reviews; i++) {
    const day = new Date(now - Math.floor(rand() * 3 * 365) * DAY_MS).toISOString().slice(0, 10);
    reviews.push({
      company_id: company.id,
      rating: 1 + Math.floor(rand() * 5),
      title: 'Bench review',
      body: 'A review written by the benchmark.',
      author_first_name: 'Bench',
      reviewed_on: day,
      status: rand() < 0.9 ? 'published' : 'pending',
    });
  }
  await insertInChunks(db, 'reviews', reviews);
  return { companyId: company.id, leads: options.leads };
}
