/** The precomputed map geometry that loaders hand to the pages (plain data, no d3 or us-atlas). */
export interface MapState {
  name: string;
  slug: string;
  abbreviation: string;
  /**
   * SVG path data in map pixels. Left out of a server-rendered page's hydration data, whose HTML holds it
   * already (see computeUsMap): absent there until the map reads it back from the page.
   */
  d?: string;
  /** A point inside the state, for its label. */
  x: number;
  y: number;
}

export interface UsMapData {
  width: number;
  height: number;
  states: MapState[];
}

export interface StateLocator {
  width: number;
  height: number;
  d: string;
  dot: { x: number; y: number } | null;
}

/** Loads the geometry module on demand: on the server it is already bundled; in a browser it is its own chunk. */
export const loadMapGeometry = () => import('./us-map-geometry');
