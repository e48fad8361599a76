/**
 * The interactive US map (home section 7). The server renders it as an SVG with one link per state, so it
 * works without scripts and crawlers follow it. In the browser it adds hover and focus highlights, the
 * 'Browse {state} Movers' caption, zoom (buttons, wheel, pinch; 1× to 8×) through the SVG viewBox, never
 * inline styles (the CSP forbids them), and one tab stop for all 51 states: Tab enters the map at a state,
 * the arrow keys (Home, End) move between states in the order of the list, Tab leaves (issue 15: the map
 * was 51 of the home page's tab stops, after the same 51 states in the list above it).
 */
import { statePath } from '@moveratlas/contracts';
import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { Link } from 'react-router-dom';
import type { MapState, UsMapData } from './map-types';

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;

export const browseTitle = (state: Pick<MapState, 'name'>) => `Browse ${state.name} Movers`;

interface View {
  zoom: number;
  /** Center of the view in map pixels. */
  cx: number;
  cy: number;
}

/** Nothing to subscribe to: useSyncExternalStore only tells the server's render from the browser's. */
const noSubscription = () => () => {};

const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** Keeps the view inside the map at the given zoom. */
function clampView(view: View, width: number, height: number): View {
  const zoom = clampZoom(view.zoom);
  const halfW = width / zoom / 2;
  const halfH = height / zoom / 2;
  return {
    zoom,
    cx: Math.min(width - halfW, Math.max(halfW, view.cx)),
    cy: Math.min(height - halfH, Math.max(halfH, view.cy)),
  };
}

/** Zooms by a factor, keeping `around` (map pixels) where it is, or the center without it. */
function zoomView(
  current: View,
  factor: number,
  around: { x: number; y: number } | undefined,
  width: number,
  height: number,
): View {
  const zoom = clampZoom(current.zoom * factor);
  if (!around) return clampView({ ...current, zoom }, width, height);
  const ratio = current.zoom / zoom;
  return clampView(
    {
      zoom,
      cx: around.x + (current.cx - around.x) * ratio,
      cy: around.y + (current.cy - around.y) * ratio,
    },
    width,
    height,
  );
}

/** A screen point in map pixels under the current view. */
function mapPoint(
  svg: SVGSVGElement,
  clientX: number,
  clientY: number,
  current: View,
  width: number,
  height: number,
): { x: number; y: number } {
  const rect = svg.getBoundingClientRect();
  if (rect.width === 0) return { x: current.cx, y: current.cy };
  const w = width / current.zoom;
  const h = height / current.zoom;
  return {
    x: current.cx - w / 2 + ((clientX - rect.left) / rect.width) * w,
    y: current.cy - h / 2 + ((clientY - rect.top) / rect.height) * h,
  };
}

export function viewBoxOf(view: View, width: number, height: number): string {
  const w = width / view.zoom;
  const h = height / view.zoom;
  const round = (n: number) => Math.round(n * 10) / 10;
  return `${round(view.cx - w / 2)} ${round(view.cy - h / 2)} ${round(w)} ${round(h)}`;
}

const buttonClass =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg border border-slate-300 bg-white px-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50';

/**
 * Each state's outline: from the data, or — hydrating a server-rendered page, whose data leaves the paths
 * out (see computeUsMap) — from the page's own <path> elements, read once before React takes them over.
 */
function useStatePaths(map: UsMapData): string[] {
  const [paths] = useState(() =>
    map.states.map(
      (state) =>
        state.d ??
        (typeof document === 'undefined'
          ? ''
          : (document.querySelector(`path[data-map-state="${state.slug}"]`)?.getAttribute('d') ??
            '')),
    ),
  );
  return paths;
}

export function UsMap({ map }: { map: UsMapData }) {
  const { width, height } = map;
  const paths = useStatePaths(map);
  const initial: View = { zoom: 1, cx: width / 2, cy: height / 2 };
  const [view, setView] = useState<View>(initial);
  const [active, setActive] = useState<MapState | null>(null);
  // The one state in the tab order once scripts run; without them every state is a tab stop.
  const [tabStop, setTabStop] = useState(0);
  const scripted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const svgRef = useRef<SVGSVGElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);

  const zoomBy = (factor: number) =>
    setView((current) => zoomView(current, factor, undefined, width, height));

  // React registers wheel listeners as passive; zooming must keep the page from scrolling.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const factor = event.deltaY < 0 ? 1.25 : 0.8;
      setView((current) =>
        zoomView(
          current,
          factor,
          mapPoint(svg, event.clientX, event.clientY, current, width, height),
          width,
          height,
        ),
      );
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [width, height]);

  const onPointerDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      pinch.current = { distance: Math.hypot(a!.x - b!.x, a!.y - b!.y), zoom: view.zoom };
      drag.current = null;
    } else if (view.zoom > 1) {
      drag.current = { x: event.clientX, y: event.clientY, view, moved: false };
    }
  };

  const onPointerMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch.current && pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      const distance = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      const zoom = clampZoom((pinch.current.zoom * distance) / Math.max(1, pinch.current.distance));
      setView((current) => clampView({ ...current, zoom }, width, height));
      return;
    }
    const start = drag.current;
    const rect = svgRef.current?.getBoundingClientRect();
    if (!start || !rect || rect.width === 0) return;
    const dx = ((event.clientX - start.x) / rect.width) * (width / start.view.zoom);
    const dy = ((event.clientY - start.y) / rect.height) * (height / start.view.zoom);
    if (Math.abs(event.clientX - start.x) + Math.abs(event.clientY - start.y) > 4)
      start.moved = true;
    setView(
      clampView({ ...start.view, cx: start.view.cx - dx, cy: start.view.cy - dy }, width, height),
    );
  };

  const onPointerUp = (event: ReactPointerEvent<SVGSVGElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    if (pointers.current.size === 0) drag.current = null;
  };

  return (
    <div>
      <div className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
        <svg
          ref={svgRef}
          viewBox={viewBoxOf(view, width, height)}
          className="h-auto w-full touch-pan-y select-none"
          role="group"
          aria-label="Map of the United States: choose a state to browse its movers, the arrow keys move between states"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={(event) => {
            const links = svgRef.current?.querySelectorAll('a') ?? [];
            const at = [...links].indexOf(document.activeElement as HTMLAnchorElement);
            const next = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
            const to =
              event.key === 'Home'
                ? 0
                : event.key === 'End'
                  ? links.length - 1
                  : next && at >= 0
                    ? (at + next + links.length) % links.length
                    : -1;
            if (to < 0) return;
            event.preventDefault();
            links[to]?.focus();
          }}
        >
          {map.states.map((state, index) => (
            <Link
              key={state.slug}
              to={statePath(state.slug)}
              className="us-map-link"
              aria-label={browseTitle(state)}
              tabIndex={!scripted || tabStop === index ? undefined : -1}
              onMouseEnter={() => setActive(state)}
              onMouseLeave={() => setActive(null)}
              onFocus={() => {
                setActive(state);
                setTabStop(index);
              }}
              onBlur={() => setActive(null)}
              onClick={(event) => {
                // A drag to pan is not a click on the state under the pointer.
                if (drag.current?.moved) event.preventDefault();
              }}
            >
              <path
                d={paths[index]}
                data-map-state={state.slug}
                className="us-map-state"
                data-active={active?.slug === state.slug ? 'true' : undefined}
              >
                <title>{browseTitle(state)}</title>
              </path>
            </Link>
          ))}
        </svg>
        <p
          className="pointer-events-none absolute top-3 left-3 rounded-lg bg-white/95 px-3 py-1.5 text-sm font-semibold text-slate-900 shadow empty:hidden"
          aria-live="polite"
        >
          {active ? browseTitle(active) : ''}
        </p>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2" aria-label="Map zoom" role="group">
        <button
          type="button"
          className={buttonClass}
          onClick={() => zoomBy(1.5)}
          disabled={view.zoom >= MAX_ZOOM}
          aria-label="Zoom in"
        >
          +
        </button>
        <button
          type="button"
          className={buttonClass}
          onClick={() => zoomBy(1 / 1.5)}
          disabled={view.zoom <= MIN_ZOOM}
          aria-label="Zoom out"
        >
          −
        </button>
        <button
          type="button"
          className={buttonClass}
          onClick={() => setView(initial)}
          disabled={view.zoom === 1}
        >
          Reset
        </button>
        <span className="text-sm text-slate-600" aria-live="polite">
          Zoom {Math.round(view.zoom * 10) / 10}×
        </span>
      </div>
    </div>
  );
}
