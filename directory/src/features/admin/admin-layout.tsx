/**
 * The admin frame (spec 2.6): on wide screens a sidebar with the sections (the work waiting counted beside
 * Claims, Deletion requests, Lead returns and Messages; the audit log only for the roles that may read it),
 * Logout and Return to Website; on narrow ones the same menu in a drawer (a Radix dialog: focus kept inside,
 * Escape closes it) and a bottom bar with the five most used sections. The header names the current section; below it, the
 * banner of whatever is failing (alerts/alerts-banner.tsx).
 */
import { useEffect, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { FocusScope } from '@radix-ui/react-focus-scope';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useSite } from '../../lib/site';
import { AdminIcon } from './admin-icons';
import {
  ADMIN_BOTTOM_BAR,
  ADMIN_HOME,
  ADMIN_SIDEBAR,
  adminTitle,
  WAITING_WORDS,
} from './admin-nav';
import { useWaitingCounts } from './use-waiting-counts';
import { useAuthStatus } from './admin-guard';
import { useLogout } from './use-logout';
import { AlertsBanner } from './alerts/alerts-banner';
import { LeaveGuard } from './drafts/leave-guard';
import { useAdminRole } from './use-admin-role';
import { roleMay } from '@moveratlas/contracts';

export const ADMIN_MAIN_ID = 'admin-main';

const sidebarLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

function LogoutButton() {
  const logout = useLogout();
  return (
    <button
      type="button"
      onClick={() => logout.mutate()}
      disabled={logout.isPending}
      className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60"
    >
      <AdminIcon name="logout" className="h-5 w-5 shrink-0" />
      {logout.isPending ? 'Logging out...' : 'Logout'}
    </button>
  );
}

/** The count beside a section with work waiting (the link's name says it in words: "Claims, 2 waiting"). */
function WaitingBadge({ count }: { count: number }) {
  return (
    <span
      aria-hidden="true"
      className="ml-auto rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white tabular-nums"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The menu itself, drawn in the sidebar and in the drawer. */
function AdminMenu({ onNavigate }: { onNavigate?: () => void }) {
  const site = useSite();
  const waiting = useWaitingCounts();
  const role = useAdminRole();
  // A section the role cannot read is not offered (the server would refuse it anyway).
  const items = ADMIN_SIDEBAR.filter((item) => !item.reads || !role || roleMay(role, item.reads));
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 shrink-0 items-center border-b border-slate-200 px-4">
        <Link to={ADMIN_HOME} onClick={onNavigate} className="text-base font-bold text-slate-900">
          {site.siteName} <span className="font-medium text-blue-700">Admin</span>
        </Link>
      </div>
      <nav aria-label="Admin sections" className="flex-1 overflow-y-auto p-3">
        <ul className="space-y-1">
          {items.map((item) => {
            // Nothing drawn for none, or while the count is unknown.
            const count = item.waiting && waiting ? waiting[item.waiting] : 0;
            return (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === ADMIN_HOME}
                  onClick={onNavigate}
                  className={sidebarLinkClass}
                  aria-label={
                    item.waiting && count > 0
                      ? `${item.label}, ${count} ${WAITING_WORDS[item.waiting]}`
                      : undefined
                  }
                >
                  <AdminIcon name={item.icon} className="h-5 w-5 shrink-0" />
                  {item.label}
                  {count > 0 ? <WaitingBadge count={count} /> : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="space-y-1 border-t border-slate-200 p-3">
        <LogoutButton />
        <Link
          to="/"
          onClick={onNavigate}
          className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          <AdminIcon name="website" className="h-5 w-5 shrink-0" />
          Return to Website
        </Link>
      </div>
    </div>
  );
}

/**
 * Non-modal in Radix's terms, made modal here: Radix's modal mode locks scrolling with an injected <style>
 * element, which the site's Content-Security-Policy (style-src 'self') refuses. So focus is trapped with
 * Radix's FocusScope, the page behind is covered and marked inert to assistive technology by aria-modal,
 * and scrolling is locked with a class.
 */
/** Opening the drawer: focus on its first section link, never on Logout. */
function focusFirstSection(event: Event) {
  event.preventDefault();
  const content = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
  const first = (content ?? document).querySelector<HTMLElement>(
    '[data-admin-drawer] nav[aria-label="Admin sections"] a',
  );
  first?.focus();
}

function MobileDrawer() {
  const location = useLocation();
  // The drawer belongs to the page it was opened on: any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const close = () => setOpenAt(null);
  useEffect(() => {
    if (!open) return;
    document.body.classList.add('overflow-hidden');
    return () => document.body.classList.remove('overflow-hidden');
  }, [open]);
  return (
    <Dialog.Root
      modal={false}
      open={open}
      onOpenChange={(next) => setOpenAt(next ? location.key : null)}
    >
      <Dialog.Trigger
        aria-label="Open menu"
        className="-ml-2 rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
      >
        <AdminIcon name="menu" className="h-6 w-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
        {/* Both scopes would focus their first tabbable that is not a link — Logout, which Enter then
            pressed (issue 16): the drawer opens on its first section link instead. */}
        <FocusScope asChild trapped loop onMountAutoFocus={focusFirstSection}>
          <Dialog.Content
            onOpenAutoFocus={focusFirstSection}
            aria-modal="true"
            aria-describedby={undefined}
            data-admin-drawer
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl focus:outline-none lg:hidden"
          >
            <Dialog.Title className="sr-only">Admin menu</Dialog.Title>
            <AdminMenu onNavigate={close} />
            <Dialog.Close
              aria-label="Close menu"
              className="absolute top-3 right-3 rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
            >
              <AdminIcon name="close" className="h-5 w-5" />
            </Dialog.Close>
          </Dialog.Content>
        </FocusScope>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function BottomBar() {
  return (
    <nav
      aria-label="Admin quick links"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="grid grid-cols-5">
        {ADMIN_BOTTOM_BAR.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === ADMIN_HOME}
              className={({ isActive }) =>
                `flex flex-col items-center gap-0.5 px-1 py-2 text-xs font-medium ${
                  isActive ? 'text-blue-700' : 'text-slate-600 hover:text-slate-900'
                }`
              }
            >
              <AdminIcon name={item.icon} className="h-5 w-5" />
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const username = useAuthStatus().data?.username;
  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <a
        href={`#${ADMIN_MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-blue-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
        <AdminMenu />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4 lg:px-8">
          <MobileDrawer />
          <h1 className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900">
            {adminTitle(pathname)}
          </h1>
          {username ? (
            <span className="hidden text-sm text-slate-600 sm:inline">
              Signed in as <span className="font-medium text-slate-900">{username}</span>
            </span>
          ) : null}
        </header>
        <AlertsBanner mainId={ADMIN_MAIN_ID} />
        <main
          id={ADMIN_MAIN_ID}
          tabIndex={-1}
          className="min-w-0 flex-1 p-4 pb-24 focus:outline-none sm:p-6 sm:pb-24 lg:p-8"
        >
          {children}
        </main>
      </div>
      <BottomBar />
      <LeaveGuard />
    </div>
  );
}
