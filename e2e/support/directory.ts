/**
 * Shared by the directory's end-to-end tests: one page of every template with its expected title, canonical
 * path and status, and the waits a test needs before it interacts (hydration) or scans (animations done).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { companyPageTitle, pageTitle, type Company } from '@moveratlas/contracts';
import { PRODUCT_URL } from '../playwright.config';

export const SITE_NAME = 'MoverAtlas';

export const url = (path: string) => `${PRODUCT_URL}${path}`;

export interface TemplatePage {
  /** The template's name, as the issue lists them. */
  template: string;
  path: string;
  /** The whole <title>. */
  title: string;
  /** The canonical path; default: the path without its query string. */
  canonical?: string;
  status?: number;
  /** The robots meta tag's content; 'index, follow' when not given. */
  robots?: 'noindex' | 'noindex, follow';
}

/** One listed company, for the company template. */
export async function someCompany(request: APIRequestContext): Promise<Company> {
  const response = await request.get(url('/api/companies?limit=1&sort=rating'));
  if (!response.ok()) throw new Error(`GET /api/companies answered ${response.status()}`);
  const [company] = (await response.json()) as Company[];
  if (!company) throw new Error('The e2e database has no listed company');
  return company;
}

/** A page of every template of the public directory (issue 5), real records included. */
export async function templatePages(request: APIRequestContext): Promise<TemplatePage[]> {
  const company = await someCompany(request);
  const title = (page: string) => pageTitle(page, SITE_NAME);
  return [
    {
      template: 'home',
      path: '/',
      title: title('Compare Moving Companies & Get Free Quotes'),
    },
    { template: 'states', path: '/states', title: title('Moving Companies by State') },
    { template: 'state', path: '/states/illinois', title: title('Moving Companies in Illinois') },
    {
      template: 'city',
      path: '/states/illinois/chicago',
      title: title('Moving Companies in Chicago, IL'),
    },
    {
      template: 'company',
      path: `/company/${company.slug}`,
      title: title(
        companyPageTitle(
          {
            name: company.name,
            city: company.city.name,
            stateAbbreviation: company.state.abbreviation,
          },
          SITE_NAME,
        ),
      ),
    },
    {
      template: 'moving-companies',
      path: '/moving-companies',
      title: title('Moving Companies Directory'),
    },
    {
      template: 'search',
      path: '/search?q=new',
      title: title('Search results for “new”'),
      canonical: '/search?q=new',
      robots: 'noindex, follow',
    },
    { template: 'sitemap', path: '/sitemap', title: title('Sitemap') },
    { template: 'blog list', path: '/blog', title: title('Moving Tips & Advice Blog') },
    {
      template: 'blog post',
      path: '/blog/packing-tips-for-moving',
      title: title('Packing Tips for Moving: How to Pack Faster and Break Less'),
    },
    { template: 'faq', path: '/faq', title: title('Frequently Asked Questions') },
    { template: 'about', path: '/about', title: title('About MoverAtlas') },
    { template: 'privacy', path: '/privacy-policy', title: title('Privacy Policy') },
    { template: 'terms', path: '/terms-of-service', title: title('Terms of Service') },
    { template: 'guides', path: '/guides', title: title('Moving Guides') },
    {
      template: 'guide',
      path: '/guides/first-time-movers-guide',
      title: title("A First-Time Mover's Guide"),
    },
    {
      template: 'resources',
      path: '/resources',
      title: title('Location Resources for Your Move'),
    },
    {
      template: 'resource',
      path: '/resources/new-state-checklist',
      title: title('Moving to a New State: The New Resident Checklist'),
    },
    {
      template: 'service',
      path: '/services/local-moving',
      title: title('Local Moving Services'),
    },
    {
      template: 'calculator',
      path: '/calculator?size=2-3br&fromZip=60601&toZip=80202',
      title: title('Moving Cost Calculator'),
    },
    { template: 'contact', path: '/contact', title: title('Contact Us') },
    {
      template: 'list-your-company',
      path: '/list-your-company',
      title: title('List Your Moving Company'),
    },
    { template: 'get-quotes', path: '/get-quotes', title: title('Get Free Moving Quotes') },
    {
      template: '404',
      path: '/no/such/page',
      title: title('Page Not Found'),
      status: 404,
      robots: 'noindex',
    },
    {
      template: 'error',
      path: '/error',
      title: title('Something Went Wrong'),
      status: 500,
      robots: 'noindex',
    },
  ];
}

/**
 * The template pages in `TEMPLATE_PARTS` parts, for walks over every template (axe, no JavaScript): each part
 * is a test of its own, with its own time bound, that a second worker can take and a retry repeats alone.
 */
export const TEMPLATE_PARTS = 5;

export async function templatePagesPart(
  request: APIRequestContext,
  part: number,
): Promise<TemplatePage[]> {
  return (await templatePages(request)).filter((_, index) => index % TEMPLATE_PARTS === part);
}

/** The canonical path a template page declares. */
export const canonicalOf = (page: TemplatePage) => page.canonical ?? page.path.split('?')[0]!;

/**
 * Resolves once React has hydrated the server's HTML: hydration attaches React's props to the elements it
 * claims (the header's home link is on every page). Clicking earlier would be a plain page load.
 */
export async function waitForHydration(page: Page): Promise<void> {
  try {
    await page.waitForFunction(
      () => {
        const link = document.querySelector('header a[href="/"]');
        return link !== null && Object.keys(link).some((key) => key.startsWith('__reactProps$'));
      },
      undefined,
      { timeout: 20_000 },
    );
  } catch (error) {
    // The server reads the build's asset list once, at start: a rebuild during the run breaks hydration.
    throw new Error(
      `${page.url()} did not hydrate (was the directory rebuilt while the tests ran?)`,
      { cause: error },
    );
  }
}

/**
 * Resolves when every running CSS animation (the cards' entrance) has finished. One cancelled on the way - its
 * element replaced, as a loading placeholder is when the data arrives - is over too: its `finished` rejects
 * with an AbortError, which failed the dashboard's axe scan now and then.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
