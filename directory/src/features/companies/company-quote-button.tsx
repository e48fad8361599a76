/**
 * A profile's Get Quote. Without JavaScript it is a link to /get-quotes?company=…; with it, the quote widget
 * opens here as a dialog with this mover chosen, embedded through the widget's public SDK exactly as a
 * partner's page would embed it. The widget costs the page nothing until the visitor shows intent: hovering or
 * focusing the link adds the loader script, and the click mounts the widget (through the snippet's queue when
 * the loader has not arrived yet). Once the widget's own launcher is on screen it takes the link's place.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DIRECTORY_SITE_ID } from '../../lib/site';

/** The loader's tag, as /get-quotes has it: same origin, so `script-src 'self'` allows it. */
export const WIDGET_LOADER_SRC = '/widget/loader.js';

/** `window.MoverAtlas`: the loader's API, or the snippet's stub that queues calls in `q` until it arrives. */
export type MoverAtlasApi = ((command: string, ...args: unknown[]) => unknown) & {
  q?: ArrayLike<unknown>[];
  loaded?: boolean;
};

const failedLoaders = new WeakSet<HTMLScriptElement>();

/** Adds the loader once per page; a page that has it already (e.g. /get-quotes, left client-side) keeps it. */
export function injectWidgetLoader(): HTMLScriptElement {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${WIDGET_LOADER_SRC}"]`);
  if (existing) return existing;
  const script = document.createElement('script');
  script.async = true;
  script.src = WIDGET_LOADER_SRC;
  script.dataset.site = DIRECTORY_SITE_ID;
  script.addEventListener('error', () => failedLoaders.add(script), { once: true });
  document.head.append(script);
  return script;
}

/** The snippet's stub, as partners paste it, unless the loader (or a stub) is there already. */
function moverAtlas(): MoverAtlasApi {
  const w = window as unknown as { MoverAtlas?: MoverAtlasApi };
  if (!w.MoverAtlas) {
    const stub: MoverAtlasApi = (...args: unknown[]) => {
      (stub.q ??= []).push(args);
    };
    w.MoverAtlas = stub;
  }
  return w.MoverAtlas;
}

export interface CompanyQuoteButtonProps {
  company: { id: number; name: string };
  /** /get-quotes?company=…: where the link goes without JavaScript, or when the widget cannot load. */
  href: string;
  /** Told each time the visitor uses the link, however it is opened (the profile's activity beacons). */
  onUse?: () => void;
}

export function CompanyQuoteButton({ company, href, onUse }: CompanyQuoteButtonProps) {
  const navigate = useNavigate();
  const containerRef = useRef<HTMLDivElement>(null);
  const requested = useRef(false);
  const [launcherShown, setLauncherShown] = useState(false);

  // Leaving the page (or this company for another) takes the widget with it.
  useEffect(() => {
    const container = containerRef.current;
    return () => {
      const api = (window as unknown as { MoverAtlas?: MoverAtlasApi }).MoverAtlas;
      if (container && requested.current && api?.loaded)
        Promise.resolve(api('unmount', container)).catch(() => undefined);
    };
  }, []);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onUse?.();
    // A new tab or window is the link's business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    const script = injectWidgetLoader();
    // The loader could not be fetched: /get-quotes, as without JavaScript.
    if (failedLoaders.has(script) || !containerRef.current) return;
    event.preventDefault();
    if (requested.current) return;
    requested.current = true;
    const fallBack = () => {
      requested.current = false;
      void navigate(href);
    };
    script.addEventListener('error', fallBack, { once: true });
    const result = moverAtlas()('mount', containerRef.current, {
      mode: 'modal',
      open: true,
      site: DIRECTORY_SITE_ID,
      // Progress is kept per company (ids fit the option's 64 characters; slugs may not).
      instanceId: `company-${company.id}`,
      launcherLabel: 'Get Quote',
      prefill: { companyId: String(company.id), companyName: company.name },
      // No theme: the widget wears the one brand colour here as on /get-quotes (issue 15).
      onReady: () => setLauncherShown(true),
    });
    // The loaded SDK answers with a promise, which fails when the widget's bundle cannot be loaded.
    if (result instanceof Promise) result.catch(fallBack);
  };

  return (
    <div className="flex flex-col">
      <Link
        to={href}
        onPointerEnter={injectWidgetLoader}
        onFocus={injectWidgetLoader}
        onClick={onClick}
        onAuxClick={(event) => {
          // The middle button opens /get-quotes in a new tab: a use of the button too.
          if (event.button === 1) onUse?.();
        }}
        // The brand colour and the widget's radius, like the launcher that takes its place once it is shown.
        className={`${launcherShown ? 'hidden ' : ''}rounded-xl bg-blue-700 px-6 py-3 text-center font-semibold text-white hover:bg-blue-800`}
      >
        Get Quote
      </Link>
      {/* The widget's shadow host goes in here: its launcher, then the dialog it opens. */}
      <div ref={containerRef} />
    </div>
  );
}
