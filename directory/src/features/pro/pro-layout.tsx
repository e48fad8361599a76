/**
 * The /pro frame: a header with the site's brand, the company being worked on (a switcher when the mover
 * belongs to several), the mover's name and Sign out; the menu (pro-nav.ts) in a sidebar on wide screens,
 * behind a Menu button on phones; the screen in <main>.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, matchPath, NavLink, useLocation } from 'react-router-dom';
import { useSite } from '../../lib/site';
import type { ProCompany } from '@moveratlas/contracts';
import { ProIcon } from './pro-icons';
import { navSection, PRO_ACCOUNT_NAV, proCompanyHome, proNavFor, proTitle } from './pro-nav';
import { PRO_HOME, proScreenPath } from './pro-paths';
import { useProSession } from './pro-session';
import { useProLogout } from './use-pro-logout';

export const PRO_MAIN_ID = 'pro-main';

/** The company in the address (/pro/companies/:companyId/…) and the screen after it, if any. */
export function companyInPath(pathname: string): { companyId: string; screen?: string } | null {
  const match = matchPath({ path: '/pro/companies/:companyId/*', end: false }, pathname);
  if (!match?.params.companyId) return null;
  const screen = match.params['*']?.split('/')[0];
  return { companyId: match.params.companyId, ...(screen ? { screen } : {}) };
}

/** The company a link of the menu is for: the one in the address, else the mover's first. */
function useCurrentCompany(): ProCompany | undefined {
  const { pathname } = useLocation();
  const { companies } = useProSession();
  const inPath = companyInPath(pathname);
  if (inPath) return companies.find((company) => String(company.id) === inPath.companyId);
  return companies[0];
}

/** The same screen of another company when it may see it, else that company's first screen. */
function switchTarget(company: ProCompany, screen: string | undefined): string {
  const item = proNavFor(company.role).find((entry) => navSection(entry) === screen);
  return item ? proScreenPath(company.id, item.screen) : proCompanyHome(company.id);
}

const roleWord = (role: ProCompany['role']) => (role === 'owner' ? 'Owner' : 'Staff');

/**
 * The company being worked on; with several, a button that opens the list of the others (a disclosure:
 * its links are ordinary links, Escape closes it and gives the focus back to the button).
 */
export function CompanySwitcher() {
  const location = useLocation();
  const { pathname } = location;
  const { companies } = useProSession();
  const current = useCurrentCompany();
  // The list belongs to the page it was opened on: any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (next: boolean) => setOpenAt(next ? location.key : null);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (companies.length === 0) return null;
  if (companies.length === 1 || !current) {
    const only = current ?? companies[0]!;
    return (
      <p className="min-w-0 truncate text-sm text-slate-700">
        <span className="sr-only">Company: </span>
        <span className="font-semibold text-slate-900">{only.name}</span>
      </p>
    );
  }
  const screen = companyInPath(pathname)?.screen;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      buttonRef.current?.focus();
    }
  };
  return (
    <div className="relative min-w-0" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`Company: ${current.name}. Switch company`}
        onClick={() => setOpen(!open)}
        className="flex max-w-full min-w-0 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        <span className="truncate">{current.name}</span>
        <ProIcon name="chevron" className="h-4 w-4 shrink-0" />
      </button>
      <div
        id={listId}
        hidden={!open}
        className="absolute left-0 z-40 mt-2 w-72 max-w-[90vw] rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
      >
        <p className="px-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          Your companies
        </p>
        <ul aria-label="Your companies">
          {companies.map((company) => {
            const isCurrent = company.id === current.id;
            return (
              <li key={company.id}>
                <Link
                  to={switchTarget(company, screen)}
                  aria-current={isCurrent ? 'true' : undefined}
                  onClick={() => setOpen(false)}
                  className={`flex items-center justify-between gap-3 rounded-md px-2 py-2 text-sm ${
                    isCurrent
                      ? 'bg-blue-50 font-semibold text-blue-800'
                      : 'text-slate-800 hover:bg-slate-100'
                  }`}
                >
                  <span className="min-w-0 truncate">{company.name}</span>
                  <span className="shrink-0 text-xs text-slate-600">{roleWord(company.role)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

function ProMenu() {
  const company = useCurrentCompany();
  const { user } = useProSession();
  const items = company ? proNavFor(company.role) : [];
  return (
    <nav aria-label="Dashboard sections" className="p-3">
      {/* The header has no room for the name on a phone: the menu says it there. */}
      {user ? (
        <p className="mb-2 px-3 text-sm text-slate-600 md:hidden">
          Signed in as <span className="font-medium text-slate-900">{user.name}</span>
        </p>
      ) : null}
      <ul className="space-y-1">
        {company
          ? items.map((item) => (
              <li key={item.screen}>
                <NavLink to={proScreenPath(company.id, item.screen)} className={navLinkClass}>
                  <ProIcon name={item.icon} className="h-5 w-5 shrink-0" />
                  {item.label}
                </NavLink>
              </li>
            ))
          : null}
        <li>
          <NavLink to={PRO_ACCOUNT_NAV.to} className={navLinkClass}>
            <ProIcon name={PRO_ACCOUNT_NAV.icon} className="h-5 w-5 shrink-0" />
            {PRO_ACCOUNT_NAV.label}
          </NavLink>
        </li>
        <li>
          <Link
            to="/"
            className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
          >
            <ProIcon name="website" className="h-5 w-5 shrink-0" />
            Back to the directory
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function SignOutButton() {
  const logout = useProLogout();
  return (
    <button
      type="button"
      onClick={() => logout.mutate()}
      disabled={logout.isPending}
      className="inline-flex min-h-10 shrink-0 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60"
    >
      <ProIcon name="logout" className="h-4 w-4" />
      {logout.isPending ? 'Signing out…' : 'Sign out'}
    </button>
  );
}

export function ProLayout({ children }: { children: ReactNode }) {
  const site = useSite();
  const location = useLocation();
  const { pathname } = location;
  const { user } = useProSession();
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key;
  const menuId = useId();
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href={`#${PRO_MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-blue-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="flex min-h-14 flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 lg:px-6">
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpenAt(menuOpen ? null : location.key)}
            className="-ml-2 rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          >
            <ProIcon name={menuOpen ? 'close' : 'menu'} className="h-6 w-6" />
            <span className="sr-only">Menu</span>
          </button>
          <Link to={PRO_HOME} className="shrink-0 text-base font-bold text-slate-900">
            {site.siteName} <span className="font-medium text-blue-700">for Movers</span>
          </Link>
          <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
            <CompanySwitcher />
          </div>
          <div className="ml-auto flex items-center gap-3">
            {user ? (
              <span className="hidden text-sm text-slate-600 md:inline">
                Signed in as <span className="font-medium text-slate-900">{user.name}</span>
              </span>
            ) : null}
            <SignOutButton />
          </div>
        </div>
      </header>
      <div className="lg:flex">
        <aside
          id={menuId}
          className={`${menuOpen ? 'block' : 'hidden'} border-b border-slate-200 bg-white lg:sticky lg:top-14 lg:block lg:h-[calc(100vh-3.5rem)] lg:w-64 lg:shrink-0 lg:border-r lg:border-b-0`}
        >
          <ProMenu />
        </aside>
        <main
          id={PRO_MAIN_ID}
          tabIndex={-1}
          className="min-w-0 flex-1 p-4 focus:outline-none sm:p-6 lg:p-8"
        >
          <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
            {proTitle(pathname)}
          </h1>
          {children}
        </main>
      </div>
    </div>
  );
}
