/**
 * The public header (spec 2.7). The About menu is a disclosure (a button with aria-expanded that shows a
 * list of links), the pattern WAI-ARIA recommends for site navigation: Enter or Space toggles it, Arrow
 * keys move through it, Escape closes it and returns focus to its button, and it closes when focus or a
 * click goes elsewhere. On narrow screens the whole navigation collapses behind a Menu button.
 * Open menus belong to the location they were opened on, so any navigation closes them.
 * Without scripts (CSS `scripting: none`) the buttons cannot toggle anything: the navigation stays open on
 * narrow screens and the About menu opens on hover and keyboard focus instead. Closed lists are therefore
 * hidden by a class rather than the `hidden` attribute, which the no-script styles could not override.
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Form, Link, NavLink, useLocation } from 'react-router-dom';
import { ABOUT_NAV, ADMIN_LINK, MAIN_NAV, QUOTE_LINK } from '../../config/site';
import { ChevronDownIcon, CloseIcon, MenuIcon, SearchIcon, TruckIcon } from '../icons';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-base font-medium md:text-sm ${
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

function AboutMenu({ onNavigate }: { onNavigate: () => void }) {
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const links = () =>
    Array.from(containerRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
  const focusLink = (index: number) => {
    const all = links();
    if (all.length === 0) return;
    all[(index + all.length) % all.length]?.focus();
  };
  const close = (returnFocus: boolean) => {
    setOpenAt(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      // Commit the open list now so that its first (or last) link can take focus.
      flushSync(() => setOpenAt(location.key));
      focusLink(event.key === 'ArrowDown' ? 0 : -1);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = links();
    const current = all.indexOf(document.activeElement as HTMLAnchorElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusLink(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusLink(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusLink(0);
        break;
      case 'End':
        event.preventDefault();
        focusLink(-1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) setOpenAt(null);
  };

  return (
    <div ref={containerRef} className="group relative" onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpenAt(open ? null : location.key)}
        onKeyDown={onButtonKeyDown}
        className="flex w-full items-center justify-between gap-1 rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 md:w-auto md:text-sm"
      >
        About
        <ChevronDownIcon className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul
        id={menuId}
        onKeyDown={onListKeyDown}
        className={`${open ? 'block' : 'hidden'} mt-1 space-y-1 pl-3 noscript:block md:absolute md:right-0 md:z-30 md:mt-2 md:w-56 md:space-y-0 md:rounded-lg md:border md:border-slate-200 md:bg-white md:p-1 md:pl-1 md:shadow-lg md:noscript:hidden md:noscript:group-focus-within:block md:noscript:group-hover:block`}
      >
        {ABOUT_NAV.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={navLinkClass}
              onClick={() => {
                setOpenAt(null);
                onNavigate();
              }}
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteHeader({ siteName }: { siteName: string }) {
  const location = useLocation();
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key;
  const navId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpenAt(null);

  const onNavKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && menuOpen) {
      closeMenu();
      toggleRef.current?.focus();
    }
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="flex items-center gap-2 text-lg font-bold text-slate-900"
          onClick={closeMenu}
        >
          <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-blue-700 text-white">
            <TruckIcon className="h-5 w-5" />
          </span>
          <span>{siteName}</span>
        </Link>

        <button
          ref={toggleRef}
          type="button"
          className="inline-flex items-center justify-center rounded-md p-2 text-slate-700 noscript:hidden hover:bg-slate-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpenAt(menuOpen ? null : location.key)}
        >
          <span className="sr-only">Menu</span>
          {menuOpen ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
        </button>

        <nav
          id={navId}
          aria-label="Main"
          onKeyDown={onNavKeyDown}
          className={`${menuOpen ? 'block' : 'hidden'} w-full pb-3 noscript:block md:block md:w-auto md:pb-0`}
        >
          <ul className="flex flex-col gap-1 md:flex-row md:items-center md:gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navLinkClass} onClick={closeMenu}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <AboutMenu onNavigate={closeMenu} />
            </li>
            <li>
              <NavLink to={ADMIN_LINK.to} className={navLinkClass} onClick={closeMenu}>
                {ADMIN_LINK.label}
              </NavLink>
            </li>
            <li className="mt-2 md:hidden xl:mt-0 xl:ml-2 xl:block">
              {/* A plain GET form: /search answers it with or without scripts. */}
              <Form
                method="get"
                action="/search"
                role="search"
                aria-label="Site search"
                className="flex"
              >
                <label htmlFor={`${navId}-search`} className="sr-only">
                  Search movers
                </label>
                <input
                  id={`${navId}-search`}
                  name="q"
                  type="search"
                  required
                  maxLength={100}
                  placeholder="Search movers"
                  className="w-full rounded-l-lg border border-slate-300 px-3 py-2 text-sm xl:w-40"
                />
                <button
                  type="submit"
                  className="rounded-r-lg border border-l-0 border-slate-300 bg-slate-50 px-3 text-slate-700 hover:bg-slate-100"
                >
                  <SearchIcon className="h-4 w-4" />
                  <span className="sr-only">Search</span>
                </button>
              </Form>
            </li>
            <li className="mt-2 md:mt-0 md:ml-2">
              <Link
                to={QUOTE_LINK.to}
                onClick={closeMenu}
                className="block rounded-lg bg-orange-700 px-4 py-2 text-center text-base font-semibold text-white shadow-sm hover:bg-orange-800 md:text-sm"
              >
                {QUOTE_LINK.label}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
