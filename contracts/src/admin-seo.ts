/**
 * The SEO Health screens' wire formats (issue 7): the crawler's rules with their explanations, crawls and
 * their findings (with what changed since the previous crawl), the tasks findings become, and the analyzer
 * that checks one page on demand.
 */
import { z } from 'zod';
import { idParam, intParam } from './query-params';

export const SEO_SEVERITIES = ['error', 'warning', 'notice'] as const;
export const seoSeveritySchema = z.enum(SEO_SEVERITIES);
export type SeoSeverity = z.infer<typeof seoSeveritySchema>;

/** The limits the length rules use (characters). */
export const SEO_TITLE_LENGTH = { min: 10, max: 60 } as const;
export const SEO_DESCRIPTION_LENGTH = { min: 50, max: 160 } as const;

interface SeoRuleInfo {
  severity: SeoSeverity;
  title: string;
  /** Why it matters and what to do about it: shown beside each finding. */
  explanation: string;
}

/** Every check the crawler and the analyzer make. A finding names its rule; the rule explains it. */
export const SEO_RULES = {
  'http-error': {
    severity: 'error',
    title: 'Page does not load',
    explanation:
      'The address answered with an error status (or did not answer in time). Search engines drop pages that fail, and visitors see an error instead of the page. Fix the route or its data, or stop linking to it.',
  },
  'broken-link': {
    severity: 'error',
    title: 'Broken internal link',
    explanation:
      'Pages of the site link to this address, but it answers with an error. Every such link wastes crawl budget and sends visitors to a dead end. Fix the target page, or change the links to a working address.',
  },
  'redirected-link': {
    severity: 'notice',
    title: 'Internal link goes through a redirect',
    explanation:
      'Pages link to an address that only redirects elsewhere. It works, but costs every visitor and crawler an extra request and dilutes link signals. Link straight to the final address.',
  },
  'title-missing': {
    severity: 'error',
    title: 'Missing title',
    explanation:
      'The page has no <title> (or an empty one). The title is the headline of the search result and the name of the browser tab; without it search engines invent one. Give every page a unique, descriptive title.',
  },
  'title-length': {
    severity: 'warning',
    title: `Title shorter than ${SEO_TITLE_LENGTH.min} or longer than ${SEO_TITLE_LENGTH.max} characters`,
    explanation: `Search results show about ${SEO_TITLE_LENGTH.max} characters of a title and cut the rest; a very short title says too little to win the click. Keep titles between ${SEO_TITLE_LENGTH.min} and ${SEO_TITLE_LENGTH.max} characters, the important words first.`,
  },
  'title-duplicate': {
    severity: 'warning',
    title: 'Title shared with other pages',
    explanation:
      'Several indexable pages carry the same title, so search engines cannot tell them apart and may show the wrong one. Make each title name what is unique about its page (the city, the company, the topic).',
  },
  'description-missing': {
    severity: 'error',
    title: 'Missing meta description',
    explanation:
      'The page has no meta description. Search engines then pick a random snippet of the page for the result. Write a one- or two-sentence summary that makes people want to click.',
  },
  'description-length': {
    severity: 'warning',
    title: `Meta description shorter than ${SEO_DESCRIPTION_LENGTH.min} or longer than ${SEO_DESCRIPTION_LENGTH.max} characters`,
    explanation: `Result snippets show about ${SEO_DESCRIPTION_LENGTH.max} characters; longer descriptions are cut mid-sentence and very short ones are often replaced. Aim for ${SEO_DESCRIPTION_LENGTH.min}–${SEO_DESCRIPTION_LENGTH.max} characters.`,
  },
  'description-duplicate': {
    severity: 'warning',
    title: 'Meta description shared with other pages',
    explanation:
      'Several indexable pages carry the same meta description, which makes their results look identical. Describe what each page offers in its own words.',
  },
  'canonical-missing': {
    severity: 'error',
    title: 'Missing canonical address',
    explanation:
      'The page has no <link rel="canonical">. Addresses with tracking parameters or paging then compete with each other as duplicates. Every page should name its one preferred address.',
  },
  'canonical-invalid': {
    severity: 'error',
    title: 'Canonical address is not usable',
    explanation:
      'The canonical link is relative, points to another site, or appears more than once. Search engines ignore such hints (or follow them off the site). Give exactly one absolute canonical address on the site’s own origin.',
  },
  'canonical-mismatch': {
    severity: 'notice',
    title: 'Canonical points to another page',
    explanation:
      'This page names a different address as its canonical one, so search engines index that page instead of this one. That is right for aliases and filtered views; anywhere else it hides the page from search.',
  },
  'noindex-in-sitemap': {
    severity: 'error',
    title: 'Noindex page listed in the sitemap',
    explanation:
      'The sitemap asks search engines to index this page while the page itself says noindex. The contradiction wastes crawl budget and is reported in Search Console. Either index the page or leave it out of the sitemap.',
  },
  'h1-count': {
    severity: 'warning',
    title: 'Not exactly one h1 heading',
    explanation:
      'A page should have one h1 naming its subject: it is the main heading screen-reader users jump to and a strong relevance signal. Keep one h1 and use h2–h6 below it.',
  },
  'heading-order': {
    severity: 'notice',
    title: 'Heading levels skipped',
    explanation:
      'A heading jumps more than one level down (an h2 followed by an h4). Screen-reader users navigate by heading level and lose the outline. Use the next level down, and style headings with classes rather than by level.',
  },
  'image-alt-missing': {
    severity: 'warning',
    title: 'Images without alt text',
    explanation:
      'Images without an alt attribute are announced by file name to screen-reader users and say nothing to image search. Describe informative images; give decorative ones an empty alt="".',
  },
  'structured-data-invalid': {
    severity: 'error',
    title: 'Structured data does not parse',
    explanation:
      'A JSON-LD block is not valid JSON, so search engines discard all of it and the page loses its rich results. Generate JSON-LD with JSON.stringify rather than by hand.',
  },
  'structured-data-incomplete': {
    severity: 'warning',
    title: 'Structured data incomplete',
    explanation:
      'A JSON-LD item lacks @context, @type or a property its type needs (an Organization’s name, an Article’s headline, a MovingCompany’s address, a list’s items). Incomplete items are not eligible for rich results.',
  },
  'thin-content': {
    severity: 'warning',
    title: 'Thin content',
    explanation:
      'The page’s main content has very few words. Thin pages rank poorly and, in numbers, can lower how search engines judge the whole site. Add useful detail, or keep such pages out of the index.',
  },
  'slow-response': {
    severity: 'notice',
    title: 'Slow response',
    explanation:
      'The server took long to answer this page. Slow pages are crawled less and lose visitors. Look at the page’s database queries and cache what does not change often.',
  },
  'not-in-sitemap': {
    severity: 'notice',
    title: 'Indexable page missing from the sitemap',
    explanation:
      'The page is linked and indexable but the sitemap does not list it, so search engines find it late or not at all. Add it to the sitemap (server/src/web/sitemap.ts), or mark it noindex if it should not be found.',
  },
  'sitemap-url-error': {
    severity: 'error',
    title: 'Sitemap lists an address that fails',
    explanation:
      'The sitemap lists this address, but it answers with an error or a redirect. Sitemaps should list only final, working, indexable addresses; broken entries make search engines trust the sitemap less.',
  },
  'sitemap-url-disallowed': {
    severity: 'warning',
    title: 'Sitemap lists an address robots.txt blocks',
    explanation:
      'The sitemap asks for this address to be crawled while robots.txt forbids it. Remove the address from the sitemap or allow it in robots.txt.',
  },
  'sitemap-unreadable': {
    severity: 'error',
    title: 'Sitemap cannot be read',
    explanation:
      'The sitemap (or one of the files its index lists) failed to load or is not a sitemap. Search engines then fall back to following links and may miss pages.',
  },
} as const satisfies Record<string, SeoRuleInfo>;

export type SeoRuleId = keyof typeof SEO_RULES;
export const SEO_RULE_IDS = Object.keys(SEO_RULES) as SeoRuleId[];
export const seoRuleIdSchema = z.enum(SEO_RULE_IDS as [SeoRuleId, ...SeoRuleId[]]);

export const SEO_TASK_STATUSES = ['open', 'in_progress', 'fixed', 'ignored'] as const;
export const seoTaskStatusSchema = z.enum(SEO_TASK_STATUSES);
export type SeoTaskStatus = z.infer<typeof seoTaskStatusSchema>;
/** Each task status in words, as the admin screens and the bulk action's answer name it. */
export const SEO_TASK_STATUS_LABELS: Readonly<Record<SeoTaskStatus, string>> = {
  open: 'Open',
  in_progress: 'In progress',
  fixed: 'Fixed',
  ignored: 'Ignored',
};

/** How a finding of a crawl relates to the crawl before it. */
export const SEO_FINDING_CHANGES = ['new', 'persisting', 'resolved'] as const;
export const seoFindingChangeSchema = z.enum(SEO_FINDING_CHANGES);
export type SeoFindingChange = z.infer<typeof seoFindingChangeSchema>;

/** An id in a path (crawl, task). */
export const seoIdParamSchema = idParam();

export const seoFindingSchema = z.object({
  rule: seoRuleIdSchema,
  severity: seoSeveritySchema,
  /** The page's path and query on the site ("/states/illinois"). */
  url: z.string(),
  message: z.string(),
});
export type SeoFinding = z.infer<typeof seoFindingSchema>;

export const SEO_CRAWL_STATUSES = ['running', 'finished', 'failed'] as const;
export const seoCrawlStatusSchema = z.enum(SEO_CRAWL_STATUSES);
export type SeoCrawlStatus = z.infer<typeof seoCrawlStatusSchema>;

export const severityCountsSchema = z.object({
  error: z.number().int(),
  warning: z.number().int(),
  notice: z.number().int(),
});
export type SeverityCounts = z.infer<typeof severityCountsSchema>;

/** A queued or running job of a script (a crawl, a QA run): its page shows the progress and log. */
export const activeScriptJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running']),
  progress: z.number().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.number(),
});
export type ActiveScriptJob = z.infer<typeof activeScriptJobSchema>;

export const seoCrawlSchema = z.object({
  id: z.number().int(),
  /** The job that ran it (its page shows the log), when it ran as a job. */
  jobId: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  status: seoCrawlStatusSchema,
  /** 0–100, when finished. */
  score: z.number().int().nullable(),
  pageLimit: z.number().int(),
  pagesCrawled: z.number().int(),
  sitemapUrls: z.number().int(),
  /** The page limit stopped the crawl before every known address was visited. */
  truncated: z.boolean(),
  counts: severityCountsSchema,
  /** Findings this crawl has that the previous finished crawl did not, and the reverse. */
  newFindings: z.number().int(),
  resolvedFindings: z.number().int(),
  avgResponseMs: z.number().int().nullable(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type SeoCrawl = z.infer<typeof seoCrawlSchema>;

export const seoRuleCountSchema = z.object({
  rule: seoRuleIdSchema,
  severity: seoSeveritySchema,
  count: z.number().int(),
});
export type SeoRuleCount = z.infer<typeof seoRuleCountSchema>;

export const seoTaskCountsSchema = z.object(
  Object.fromEntries(SEO_TASK_STATUSES.map((s) => [s, z.number().int()])) as Record<
    SeoTaskStatus,
    z.ZodNumber
  >,
);
export type SeoTaskCounts = z.infer<typeof seoTaskCountsSchema>;

/** GET /api/admin/seo-health/summary: the dashboard. */
export const seoSummaryResponseSchema = z.object({
  /** The newest finished crawl, if any. */
  latest: seoCrawlSchema.nullable(),
  /** The crawl job queued or running now, if any. */
  activeJob: activeScriptJobSchema.nullable(),
  /** Finished crawls, oldest first (at most 30): the trend. */
  trend: z.array(seoCrawlSchema),
  /** Findings of the latest crawl per rule, most first. */
  byRule: z.array(seoRuleCountSchema),
  tasks: seoTaskCountsSchema,
});
export type SeoSummaryResponse = z.infer<typeof seoSummaryResponseSchema>;

export const SEO_CRAWL_PAGE_LIMIT_MAX = 1_000_000;

/** POST /api/admin/seo-health/crawls: the crawl script's parameters (its schema checks them). */
export const seoCrawlRequestSchema = z.strictObject({
  pageLimit: z.number().int().min(1).max(SEO_CRAWL_PAGE_LIMIT_MAX).optional(),
  concurrency: z.number().int().min(1).max(16).optional(),
});
export type SeoCrawlRequest = z.infer<typeof seoCrawlRequestSchema>;

export const seoCrawlStartedResponseSchema = z.object({ jobId: z.number().int() });
export type SeoCrawlStartedResponse = z.infer<typeof seoCrawlStartedResponseSchema>;

export const seoCrawlListQuerySchema = z.strictObject({
  limit: intParam('limit', 1, 100, 20),
  offset: intParam('offset', 0, 10_000_000, 0),
});

export const seoCrawlListResponseSchema = z.object({
  crawls: z.array(seoCrawlSchema),
  total: z.number().int(),
});
export type SeoCrawlListResponse = z.infer<typeof seoCrawlListResponseSchema>;

export const seoCrawlDetailResponseSchema = z.object({
  crawl: seoCrawlSchema,
  /** The finished crawl this one is compared with. */
  previousId: z.number().int().nullable(),
  byRule: z.array(seoRuleCountSchema),
});
export type SeoCrawlDetailResponse = z.infer<typeof seoCrawlDetailResponseSchema>;

export const seoFindingListQuerySchema = z.strictObject({
  change: seoFindingChangeSchema.optional(),
  rule: seoRuleIdSchema.optional(),
  severity: seoSeveritySchema.optional(),
  limit: intParam('limit', 1, 200, 50),
  offset: intParam('offset', 0, 10_000_000, 0),
});
export type SeoFindingListQuery = z.input<typeof seoFindingListQuerySchema>;

export const seoCrawlFindingSchema = seoFindingSchema.extend({
  id: z.number().int(),
  change: seoFindingChangeSchema,
});
export type SeoCrawlFinding = z.infer<typeof seoCrawlFindingSchema>;

export const seoFindingListResponseSchema = z.object({
  findings: z.array(seoCrawlFindingSchema),
  total: z.number().int(),
});
export type SeoFindingListResponse = z.infer<typeof seoFindingListResponseSchema>;

export const SEO_TASK_SORTS = [
  'severity',
  'rule',
  'url',
  'status',
  'updated',
  'first-seen',
] as const;

export const seoTaskListQuerySchema = z.strictObject({
  status: seoTaskStatusSchema.optional(),
  severity: seoSeveritySchema.optional(),
  rule: seoRuleIdSchema.optional(),
  /** Part of the page address. */
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  sort: z
    .enum(SEO_TASK_SORTS, { message: `Sort must be one of: ${SEO_TASK_SORTS.join(', ')}` })
    .optional()
    .default('severity'),
  order: z
    .enum(['asc', 'desc'], { message: 'Order must be asc or desc' })
    .optional()
    .default('asc'),
  limit: intParam('limit', 1, 100, 25),
  offset: intParam('offset', 0, 10_000_000, 0),
});
export type SeoTaskListQuery = z.input<typeof seoTaskListQuerySchema>;

export const seoTaskSchema = z.object({
  id: z.number().int(),
  rule: seoRuleIdSchema,
  severity: seoSeveritySchema,
  url: z.string(),
  /** What the latest crawl that saw the problem said about it. */
  message: z.string(),
  status: seoTaskStatusSchema,
  firstSeenCrawlId: z.number().int(),
  lastSeenCrawlId: z.number().int(),
  fixedCrawlId: z.number().int().nullable(),
  /** Times a later crawl found the problem again after it had been fixed. */
  reopenedCount: z.number().int(),
  statusChangedBy: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type SeoTask = z.infer<typeof seoTaskSchema>;

export const seoTaskListResponseSchema = z.object({
  tasks: z.array(seoTaskSchema),
  total: z.number().int(),
  /** Tasks per status under the other filters. */
  counts: seoTaskCountsSchema,
});
export type SeoTaskListResponse = z.infer<typeof seoTaskListResponseSchema>;

export const seoTaskUpdateSchema = z.strictObject({
  status: z.enum(SEO_TASK_STATUSES, {
    message: `Status must be one of: ${SEO_TASK_STATUSES.join(', ')}`,
  }),
});
export type SeoTaskUpdate = z.infer<typeof seoTaskUpdateSchema>;

/** POST /api/admin/seo-health/analyze: a path of the site ("/states/illinois") or a full address on it. */
export const seoAnalyzeRequestSchema = z.strictObject({
  url: z
    .string({ message: 'URL is required' })
    .trim()
    .min(1, 'URL is required')
    .max(2000, 'URL must be at most 2000 characters'),
});
export type SeoAnalyzeRequest = z.infer<typeof seoAnalyzeRequestSchema>;

export const seoAnalyzeResponseSchema = z.object({
  url: z.string(),
  status: z.number().int(),
  responseMs: z.number().int(),
  /** Where a redirect pointed. */
  location: z.string().nullable(),
  blockedByRobots: z.boolean(),
  inSitemap: z.boolean().nullable(),
  page: z
    .object({
      title: z.string().nullable(),
      description: z.string().nullable(),
      canonical: z.string().nullable(),
      robots: z.string().nullable(),
      h1: z.array(z.string()),
      words: z.number().int(),
      images: z.number().int(),
      structuredDataTypes: z.array(z.string()),
      internalLinks: z.number().int(),
      linksChecked: z.number().int(),
    })
    .nullable(),
  findings: z.array(seoFindingSchema),
});
export type SeoAnalyzeResponse = z.infer<typeof seoAnalyzeResponseSchema>;
