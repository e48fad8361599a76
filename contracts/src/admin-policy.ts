/**
 * Who may do what in the admin area: one table of every /api/admin route (method + path template, relative to
 * /api/admin) with the least role allowed, what it does in plain words, and — for every write, export and
 * download — the audit action it records. The server checks it on every request (deny by default: a route
 * missing here is refused, and the router walk test fails); the admin screens read it to hide what the
 * signed-in role cannot do. Zod-free: the admin shell loads it at first paint (docs/decisions/027).
 */

/** Least to most: each role may do everything the roles before it may. */
export const ADMIN_ROLES = ['viewer', 'editor', 'owner'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  viewer: 'Viewer',
  editor: 'Editor',
  owner: 'Owner',
};

/** What each role is for, in the words the Settings screen shows beside the choice. */
export const ADMIN_ROLE_DESCRIPTIONS: Record<AdminRole, string> = {
  viewer: 'Reads every screen; changes nothing and downloads no personal data.',
  editor:
    'Edits companies, reviews, applications, messages, lead statuses, SEO tasks; runs crawls and QA.',
  owner: 'Everything, including settings, partners, admin users, backups, scripts and jobs.',
};

export const isAdminRole = (value: unknown): value is AdminRole =>
  typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value);

/** True when `role` is `least` or above. */
export const roleAtLeast = (role: AdminRole, least: AdminRole) =>
  ADMIN_ROLES.indexOf(role) >= ADMIN_ROLES.indexOf(least);

export interface AdminRoutePolicy {
  /** The least role allowed. */
  role: AdminRole;
  /** What the route does, completing "Your role (viewer) cannot …". */
  does: string;
  /** The audit action a successful (or refused) request records; every write, export and download has one. */
  audit?: string;
}

/** Every /api/admin route. A new route must be added here, or every role is refused it. */
export const ADMIN_ROUTE_POLICY = {
  // The dashboard, the sidebar's counts of waiting work, statistics and the database screen's reads.
  'GET /dashboard': { role: 'viewer', does: 'read the dashboard' },
  'GET /waiting': { role: 'viewer', does: 'read how much work is waiting' },
  'GET /statistics': { role: 'viewer', does: 'read the statistics' },
  'GET /database/health': { role: 'viewer', does: 'read the database health' },
  'GET /database/tables': { role: 'viewer', does: 'read the database tables' },
  'GET /database/migrations': { role: 'viewer', does: 'read the migrations' },
  'GET /database/backup': {
    role: 'owner',
    does: 'download a database backup',
    audit: 'database.backup.download',
  },
  'POST /database/backup': {
    role: 'owner',
    does: 'download a database backup',
    audit: 'database.backup.download',
  },

  // Leads: viewers read them one at a time on screen; the export of many is an owner's.
  'GET /leads': { role: 'viewer', does: 'read the leads' },
  'GET /leads/facets': { role: 'viewer', does: 'read the leads' },
  'GET /leads/export.csv': { role: 'owner', does: 'export leads', audit: 'leads.export' },
  'GET /leads/:id': { role: 'viewer', does: 'read a lead' },
  'GET /deletion-requests': { role: 'viewer', does: 'read the visitors’ deletion requests' },
  'POST /deletion-requests/:id/fulfil': {
    role: 'editor',
    does: 'delete a visitor’s data',
    audit: 'lead.data-delete',
  },
  'GET /lead-returns': { role: 'viewer', does: 'read the movers’ returns of leads' },
  'POST /lead-returns/:id/decision': {
    role: 'editor',
    does: 'accept or refuse a mover’s return of a lead',
    audit: 'lead_return.decide',
  },
  'POST /leads/:id/status': {
    role: 'editor',
    does: 'change a lead’s status',
    audit: 'lead.status',
  },
  'POST /leads/:id/retry': { role: 'editor', does: 'retry a lead’s delivery', audit: 'lead.retry' },

  // Settings: owners only, apart from reading them and one's own password.
  'GET /settings/site': { role: 'viewer', does: 'read the site settings' },
  'PUT /settings/site': {
    role: 'owner',
    does: 'change the site settings',
    audit: 'site_settings.update',
  },
  'GET /settings/partners': { role: 'viewer', does: 'read the partners' },
  'POST /settings/partners': { role: 'owner', does: 'add a partner', audit: 'partner.create' },
  'GET /settings/partners/:siteId': { role: 'viewer', does: 'read a partner' },
  'PATCH /settings/partners/:siteId': {
    role: 'owner',
    does: 'change a partner',
    audit: 'partner.update',
  },
  'GET /settings/admin-users': { role: 'viewer', does: 'read the admin users' },
  'POST /settings/admin-users': {
    role: 'owner',
    does: 'create an admin',
    audit: 'admin_user.create',
  },
  'PATCH /settings/admin-users/:id': {
    role: 'owner',
    does: 'change an admin’s role',
    audit: 'admin_user.update',
  },
  'DELETE /settings/admin-users/:id': {
    role: 'owner',
    does: 'delete an admin',
    audit: 'admin_user.delete',
  },
  'POST /settings/password': {
    role: 'viewer',
    does: 'change your password',
    audit: 'admin_user.password_change',
  },

  // Jobs, scripts and schedules: reading is everyone's, acting is an owner's.
  'GET /jobs': { role: 'viewer', does: 'read the jobs' },
  'GET /jobs/:id': { role: 'viewer', does: 'read a job' },
  'GET /jobs/:id/events': { role: 'viewer', does: 'read a job' },
  'POST /jobs/:id/cancel': { role: 'owner', does: 'cancel a job', audit: 'job.cancel' },
  'POST /jobs/:id/retry': { role: 'owner', does: 'retry a job', audit: 'job.retry' },
  'GET /scripts': { role: 'viewer', does: 'read the scripts' },
  'GET /scripts/:id': { role: 'viewer', does: 'read a script' },
  'POST /scripts/:id/run': { role: 'owner', does: 'run a script', audit: 'script.run' },
  'GET /schedules': { role: 'viewer', does: 'read the schedules' },
  'GET /schedules/preview': { role: 'viewer', does: 'preview a schedule' },
  'POST /schedules': { role: 'owner', does: 'create a schedule', audit: 'schedule.create' },
  'PATCH /schedules/:id': { role: 'owner', does: 'change a schedule', audit: 'schedule.update' },
  'DELETE /schedules/:id': { role: 'owner', does: 'delete a schedule', audit: 'schedule.delete' },

  // Companies, reviews, applications and the CSV import: editors.
  'GET /companies': { role: 'viewer', does: 'read the companies' },
  'POST /companies': { role: 'editor', does: 'add a company', audit: 'company.create' },
  'GET /companies/:id': { role: 'viewer', does: 'read a company' },
  'PUT /companies/:id': { role: 'editor', does: 'edit a company', audit: 'company.update' },
  'PATCH /companies/:id': {
    role: 'editor',
    does: 'change a company’s listing',
    audit: 'company.flags',
  },
  'DELETE /companies/:id': { role: 'editor', does: 'delete a company', audit: 'company.delete' },
  // Profile analytics: what visitors did on a company's public page, per day (docs/decisions/033).
  'GET /companies/:id/activity': { role: 'viewer', does: 'read a company’s profile activity' },
  'GET /reviews': { role: 'viewer', does: 'read the reviews' },
  'PATCH /reviews/:id': { role: 'editor', does: 'moderate a review', audit: 'review.moderate' },
  // A review's photos (issue 19): staff see every review's, and take one off with a reason.
  'GET /review-photos/:id/:variant': { role: 'viewer', does: 'see a review’s photos' },
  'POST /review-photos/:id/remove': {
    role: 'editor',
    does: 'remove a photo from a review',
    audit: 'review.photo_remove',
  },
  // Movers' public replies to reviews (issue 17): published only by staff.
  'GET /review-replies': { role: 'viewer', does: 'read the replies to reviews' },
  'PATCH /review-replies/:id': {
    role: 'editor',
    does: 'moderate a reply to a review',
    audit: 'review_reply.moderate',
  },
  // Reports of reviews by visitors and companies (issue 19): decided by staff, each with a reason.
  'GET /review-reports': { role: 'viewer', does: 'read the reports of reviews' },
  'POST /review-reports/:id/decision': {
    role: 'editor',
    does: 'decide on a report of a review',
    audit: 'review_report.decide',
  },
  'GET /company-applications': { role: 'viewer', does: 'read the applications' },
  'GET /company-applications/:id': { role: 'viewer', does: 'read an application' },
  'POST /company-applications/:id/approve': {
    role: 'editor',
    does: 'approve an application',
    audit: 'company_application.approve',
  },
  'POST /company-applications/:id/decline': {
    role: 'editor',
    does: 'decline an application',
    audit: 'company_application.decline',
  },
  // A mover's change to a company's name, USDOT or MC number, waiting for staff (issue 17).
  'GET /company-change-requests': { role: 'viewer', does: 'read the change requests' },
  'GET /company-change-requests/:id': { role: 'viewer', does: 'read a change request' },
  'POST /company-change-requests/:id/approve': {
    role: 'editor',
    does: 'approve a change request',
    audit: 'company_change_request.approve',
  },
  'POST /company-change-requests/:id/decline': {
    role: 'editor',
    does: 'decline a change request',
    audit: 'company_change_request.decline',
  },
  // The template holds no data: nothing to account for.
  'GET /upload/template.csv': { role: 'viewer', does: 'download the import template' },
  'GET /upload': { role: 'viewer', does: 'read the imports' },
  'POST /upload': {
    role: 'editor',
    does: 'upload a companies file',
    audit: 'company_import.upload',
  },
  'GET /upload/:id': { role: 'viewer', does: 'read an import' },
  'POST /upload/:id/import': {
    role: 'editor',
    does: 'import companies',
    audit: 'company_import.start',
  },
  'GET /upload/:id/rejected.csv': {
    role: 'editor',
    does: 'download an import’s rejected rows',
    audit: 'company_import.rejected_download',
  },

  // SEO health and QA: editors start crawls and runs and move tasks along.
  'GET /seo-health/summary': { role: 'viewer', does: 'read the SEO health' },
  'POST /seo-health/crawls': { role: 'editor', does: 'start a crawl', audit: 'seo_crawl.start' },
  'GET /seo-health/crawls': { role: 'viewer', does: 'read the crawls' },
  'GET /seo-health/crawls/:id': { role: 'viewer', does: 'read a crawl' },
  'GET /seo-health/crawls/:id/findings': { role: 'viewer', does: 'read a crawl' },
  'GET /seo-health/tasks': { role: 'viewer', does: 'read the SEO tasks' },
  'PATCH /seo-health/tasks/:id': {
    role: 'editor',
    does: 'change an SEO task',
    audit: 'seo_task.status',
  },
  'POST /seo-health/analyze': {
    role: 'editor',
    does: 'analyze a page',
    audit: 'seo_page.analyze',
  },
  'GET /qa-automation/runs': { role: 'viewer', does: 'read the QA runs' },
  'GET /qa-automation/runs/:id': { role: 'viewer', does: 'read a QA run' },
  'POST /qa-automation/runs': { role: 'editor', does: 'start a QA run', audit: 'qa_run.start' },

  // The contact inbox.
  'GET /contact-messages': { role: 'viewer', does: 'read the messages' },
  'GET /contact-messages/counts': { role: 'viewer', does: 'read the messages' },
  'GET /contact-messages/:id': { role: 'viewer', does: 'read a message' },
  'POST /contact-messages/:id/read': {
    role: 'editor',
    does: 'mark a message read',
    audit: 'contact_message.read',
  },
  'POST /contact-messages/:id/status': {
    role: 'editor',
    does: 'change a message’s status',
    audit: 'contact_message.status',
  },
  'POST /contact-messages/:id/assignee': {
    role: 'editor',
    does: 'assign a message',
    audit: 'contact_message.assign',
  },

  // The audit log itself: who did what is staff's personal data (addresses); viewers change nothing to account for.
  'GET /audit': { role: 'editor', does: 'read the audit log' },
  'GET /audit/export.csv': { role: 'editor', does: 'export the audit log', audit: 'audit.export' },
  // Bulk actions, the companies export and the import's diff and undo (docs/decisions/029).
  'POST /companies/bulk': {
    role: 'editor',
    does: 'change many companies at once',
    audit: 'company.bulk',
  },
  'GET /companies/export.csv': {
    role: 'editor',
    does: 'export the companies',
    audit: 'companies.export',
  },
  'POST /reviews/bulk': { role: 'editor', does: 'moderate many reviews', audit: 'review.bulk' },
  'POST /leads/bulk-status': {
    role: 'editor',
    does: 'change many leads’ status',
    audit: 'lead.bulk_status',
  },
  'POST /seo-health/tasks/bulk-status': {
    role: 'editor',
    does: 'change many SEO tasks',
    audit: 'seo_task.bulk_status',
  },
  'GET /upload/:id/changes': { role: 'viewer', does: 'read what an import changes' },
  'POST /upload/:id/undo': { role: 'editor', does: 'undo an import', audit: 'company_import.undo' },
  // FMCSA's public files (issue 20): editors import them; everyone reads the imports and their reports.
  'POST /licensing/imports': {
    role: 'editor',
    does: 'import an FMCSA file',
    audit: 'licensing_import.upload',
  },
  'GET /licensing/imports': { role: 'viewer', does: 'read the FMCSA imports' },
  'GET /licensing/imports/:id': { role: 'viewer', does: 'read an FMCSA import' },
  'GET /licensing/imports/:id/rejections': {
    role: 'viewer',
    does: 'read an FMCSA import’s rejected rows',
  },
  // The red-flag report (unlisting goes through POST /companies/bulk) and new listings from the census,
  // created by editors after review, never automatically.
  'GET /licensing/red-flags': { role: 'viewer', does: 'read the red-flag report' },
  'GET /licensing/census-carriers': { role: 'viewer', does: 'read the census’s carriers' },
  'GET /licensing/cities': { role: 'viewer', does: 'read the cities of a state' },
  'POST /licensing/census-listings': {
    role: 'editor',
    does: 'list carriers from the census',
    audit: 'company.census_create',
  },
  // Mail, raised failures and who is alerted (docs/decisions/030). Mail holds people's addresses and
  // what was sent to them: editors and owners read it, viewers do not.
  'GET /mail': { role: 'editor', does: 'read the outgoing mail' },
  'GET /mail/:id': { role: 'editor', does: 'read an outgoing message' },
  'GET /mail/:id/html': { role: 'editor', does: 'read an outgoing message' },
  // Claims of listings (issue 17): staff read the queue; editors decide and download the evidence.
  'GET /claims': { role: 'viewer', does: 'read the claims' },
  'GET /claims/:id': { role: 'viewer', does: 'read a claim' },
  'GET /claims/:id/document': {
    role: 'editor',
    does: 'download a claim’s document',
    audit: 'claim.document_download',
  },
  'POST /claims/:id/approve': { role: 'editor', does: 'approve a claim', audit: 'claim.approve' },
  'POST /claims/:id/decline': { role: 'editor', does: 'decline a claim', audit: 'claim.decline' },
  // A company's mover accounts: who they are, and suspending one (which ends its sessions).
  'GET /companies/:id/users': { role: 'viewer', does: 'read a company’s users' },
  'PATCH /companies/:id/users/:userId': {
    role: 'editor',
    does: 'suspend or restore a company’s user',
    audit: 'mover_user.status',
  },
  'GET /alerts': { role: 'viewer', does: 'read what is failing' },
  'GET /settings/review-requests': {
    role: 'viewer',
    does: 'read when visitors are asked for a review',
  },
  'PUT /settings/review-requests': {
    role: 'owner',
    does: 'change when visitors are asked for a review',
    audit: 'review_requests.update',
  },
  'GET /settings/alert-emails': { role: 'viewer', does: 'read who is alerted' },
  'PUT /settings/alert-emails': {
    role: 'owner',
    does: 'change who is alerted',
    audit: 'alert_emails.update',
  },
  'POST /settings/lead-backend/test': {
    role: 'owner',
    does: 'test the lead backend connection',
    audit: 'lead_backend.test',
  },
} as const satisfies Record<string, AdminRoutePolicy>;

export type AdminRouteKey = keyof typeof ADMIN_ROUTE_POLICY;

interface CompiledRoute {
  key: AdminRouteKey;
  method: string;
  segments: string[];
}

const compiled: CompiledRoute[] = (Object.keys(ADMIN_ROUTE_POLICY) as AdminRouteKey[]).map(
  (key) => {
    const [method, path] = key.split(' ') as [string, string];
    return { key, method, segments: path.split('/').slice(1) };
  },
);

export interface AdminRouteMatch {
  key: AdminRouteKey;
  policy: AdminRoutePolicy;
  /** The path's parameters by name (`:id` → params.id), decoded. */
  params: Record<string, string>;
}

/**
 * The policy of a request (its method, and its path below /api/admin without the query). Literal segments
 * win over parameters (`/contact-messages/counts` before `/contact-messages/:id`), as the routers order them.
 */
export function matchAdminRoute(method: string, path: string): AdminRouteMatch | undefined {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  // A trailing slash is the same route (Express ignores it); dropped by hand, not by a regex a long run of slashes makes slow.
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 47) end--;
  const parts = path.slice(0, end).split('/').slice(1);
  let best: { route: CompiledRoute; params: Record<string, string>; literals: number } | undefined;
  for (const route of compiled) {
    if (route.method !== verb || route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    let fits = true;
    for (let i = 0; i < parts.length && fits; i++) {
      const segment = route.segments[i]!;
      const part = parts[i]!;
      if (segment.startsWith(':')) {
        if (part === '') fits = false;
        else params[segment.slice(1)] = safeDecode(part);
      } else if (segment === part) literals++;
      else fits = false;
    }
    if (fits && (!best || literals > best.literals)) best = { route, params, literals };
  }
  return (
    best && { key: best.route.key, policy: ADMIN_ROUTE_POLICY[best.route.key], params: best.params }
  );
}

const safeDecode = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/** Whether `role` may use the route `key` (the client hides or disables what it may not). */
export const roleMay = (role: AdminRole | undefined, key: AdminRouteKey) =>
  role !== undefined && roleAtLeast(role, ADMIN_ROUTE_POLICY[key].role);

/** The refusal's words: "Your role (viewer) cannot export leads; an owner can." */
export const roleRefusal = (role: AdminRole, policy: AdminRoutePolicy) =>
  `Your role (${role}) cannot ${policy.does}; ${policy.role === 'owner' ? 'an owner' : 'an editor or owner'} can.`;
