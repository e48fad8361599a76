/**
 * Settings an admin changes while the site runs (the Settings screen): the site's name, its support e-mail
 * and phone, and the lead backend's URL. Stored in site_settings, one row per setting; a setting without a
 * row takes its default (SITE_NAME and LEAD_BACKEND_URL from the configuration, the built-in contacts).
 * Every page render and every forwarded lead asks, so each process keeps the values and reads them again
 * every few seconds; a save is seen at once in this process, and in the others within about a second (a
 * save is a change of the public directory: db/cache-versions.ts).
 */
import type { Knex } from 'knex';
import {
  DEFAULT_SUPPORT_EMAIL,
  DEFAULT_SUPPORT_PHONE,
  SiteSettingsSchema,
  trimTrailingSlashes,
  type SiteSettingValues,
} from '@moveratlas/contracts';
import type { Config } from '../../config';
import { isUniqueViolation, withTransactionRetry } from '../../db/dialect';
import { sqlTimestampToIso } from '../../db/timestamps';
import { SharedCaches } from '../../db/cache-versions';
import { publicGeneration } from '../../lib/public-generation';

export type { SiteSettingValues };

export const SITE_SETTINGS_CACHE_MS = 5_000;

const NAMES = ['siteName', 'supportEmail', 'supportPhone', 'leadBackendUrl'] as const;
type SettingName = (typeof NAMES)[number];

export interface StoredSiteSettings {
  /** Only the settings that have a row. */
  values: Partial<SiteSettingValues>;
  updatedAt: string | null;
  updatedBy: string | null;
  /** Raised by every save, 0 before the first (decision 028). */
  version: number;
}

/**
 * The settings' version is a row of its own: each save moves it on with a compare-and-swap on its value, in
 * the save's transaction, so of two admins saving from one version only the first is written.
 */
const VERSION_ROW = 'version';

interface SettingRow {
  name: string;
  value: string;
  updated_at: string | Date | number;
  updated_by: string | null;
}

export function siteSettingDefaults(
  config: Pick<Config, 'siteName' | 'leadBackendUrl'>,
): SiteSettingValues {
  return {
    siteName: config.siteName,
    supportEmail: DEFAULT_SUPPORT_EMAIL,
    supportPhone: DEFAULT_SUPPORT_PHONE,
    leadBackendUrl: config.leadBackendUrl ? trimTrailingSlashes(config.leadBackendUrl) : null,
  };
}

/** One service per database handle, so the admin routes and the job worker of a process share one cache. */
const byDatabase = new WeakMap<Knex, SiteSettings>();

export class SiteSettings {
  private value: StoredSiteSettings | undefined;
  private readAt = 0;
  /** The public generation (lib/public-generation.ts) the values were read in. */
  private readIn = 0;
  private refreshing: Promise<StoredSiteSettings> | undefined;
  private refreshingIn = 0;
  /** Bumped by clear(): a read that started before a save must not bring back the old values. */
  private generation = 0;

  constructor(
    private readonly db: Knex,
    readonly defaults: SiteSettingValues,
    private readonly ttlMs = SITE_SETTINGS_CACHE_MS,
  ) {}

  /** This process's service for `db`, created with the configuration's defaults on first use. */
  static for(db: Knex, config: Pick<Config, 'siteName' | 'leadBackendUrl'>): SiteSettings {
    let settings = byDatabase.get(db);
    if (!settings) {
      settings = new SiteSettings(db, siteSettingDefaults(config));
      byDatabase.set(db, settings);
    }
    return settings;
  }

  /** What the site uses now: each stored value over its default. */
  async current(): Promise<SiteSettingValues> {
    const { values } = await this.stored();
    return { ...this.defaults, ...values };
  }

  /**
   * The stored rows, with who changed them last and when. Once read, the values are answered at once: past
   * SITE_SETTINGS_CACHE_MS they are read again in the background, so no page render or lead forward ever
   * waits on this table (nor fails while the database is unreachable) after the first read.
   */
  async stored(): Promise<StoredSiteSettings> {
    // Another process saved since: wait for the new values (the last ones known while the table is unreadable).
    if (this.value && this.readIn !== publicGeneration()) {
      const known = this.value;
      return this.refresh().catch(() => known);
    }
    if (this.value && Date.now() - this.readAt < this.ttlMs) return this.value;
    const refresh = this.refresh();
    if (!this.value) return refresh;
    refresh.catch(() => undefined);
    return this.value;
  }

  /** Reads the table now (one read at a time, shared by concurrent callers). */
  refresh(): Promise<StoredSiteSettings> {
    const readIn = publicGeneration();
    if (this.refreshing && this.refreshingIn === readIn) return this.refreshing;
    const generation = this.generation;
    const reading = this.read()
      .then((stored) => {
        if (generation === this.generation) {
          this.value = stored;
          this.readAt = Date.now();
          this.readIn = readIn;
        }
        return stored;
      })
      .finally(() => {
        if (this.refreshing === reading) this.refreshing = undefined;
      });
    this.refreshing = reading;
    this.refreshingIn = readIn;
    return reading;
  }

  /**
   * Stores every value; a null leadBackendUrl removes the stored one, so LEAD_BACKEND_URL (or the built-in
   * backend) applies again. This process sees the change at once; others within SITE_SETTINGS_CACHE_MS.
   * Written only when the settings are still at `basedOnVersion`; answers false (nothing written) when
   * someone saved since.
   */
  /**
   * `record`, when given, runs in the save's transaction with the stored values as they were (the audit
   * log's "before"), so the change and its record commit together.
   */
  async save(
    values: SiteSettingValues,
    updatedBy: string,
    basedOnVersion: number,
    record?: (trx: Knex.Transaction, before: Partial<SiteSettingValues>) => Promise<void>,
  ): Promise<boolean> {
    const rows = NAMES.filter((name) => values[name] !== null).map((name) => ({
      name,
      value: JSON.stringify(values[name]),
      updated_by: updatedBy.slice(0, 64),
      updated_at: this.db.fn.now(),
    }));
    const next = {
      value: String(basedOnVersion + 1),
      updated_by: updatedBy.slice(0, 64),
      updated_at: this.db.fn.now(),
    };
    let saved: boolean;
    try {
      saved = await withTransactionRetry(this.db, async (trx) => {
        const before = record && (await this.read(trx)).values;
        if (basedOnVersion === 0) {
          try {
            await trx('site_settings').insert({ name: VERSION_ROW, ...next });
          } catch (error) {
            // Someone's first save got there first.
            if (isUniqueViolation(error)) return false;
            throw error;
          }
        } else {
          const moved = await trx('site_settings')
            .where({ name: VERSION_ROW, value: String(basedOnVersion) })
            .update(next);
          if (moved === 0) return false;
        }
        await trx('site_settings').whereIn('name', NAMES).delete();
        await trx('site_settings').insert(rows);
        if (record) await record(trx, before!);
        return true;
      });
    } finally {
      this.clear();
    }
    if (!saved) return false;
    // Page titles and the header use the name: every process's pages and settings follow.
    await SharedCaches.for(this.db).changed();
    await this.refresh();
    return true;
  }

  /** Forgets the values: the next call reads the table again and waits for it. */
  clear(): void {
    this.generation++;
    this.value = undefined;
    this.refreshing = undefined;
  }

  private async read(db: Knex = this.db): Promise<StoredSiteSettings> {
    const rows = (await db('site_settings')
      .whereIn('name', [...NAMES, VERSION_ROW])
      .select('name', 'value', 'updated_at', 'updated_by')) as SettingRow[];
    const values: Partial<Record<SettingName, unknown>> = {};
    let latest: SettingRow | undefined;
    let version = 0;
    for (const row of rows) {
      if (row.name === VERSION_ROW) {
        version = Number(row.value) || 0;
        continue;
      }
      try {
        values[row.name as SettingName] = JSON.parse(row.value);
      } catch {
        // A value that is not JSON is ignored: its default applies.
      }
      if (!latest || String(row.updated_at) > String(latest.updated_at)) latest = row;
    }
    // Only well-formed values count; anything else falls back to its default.
    const clean: Partial<SiteSettingValues> = {};
    for (const name of NAMES) {
      const parsed = SiteSettingsSchema.shape[name].safeParse(values[name]);
      if (values[name] !== undefined && parsed.success && parsed.data !== null)
        Object.assign(clean, { [name]: parsed.data });
    }
    return {
      values: clean,
      updatedAt: latest ? sqlTimestampToIso(latest.updated_at) : null,
      updatedBy: latest?.updated_by ?? null,
      version,
    };
  }
}
