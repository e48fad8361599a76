/**
 * State shapes for the US map and the company profile's locator, computed from the us-atlas package
 * (topojson-client + d3-geo's Albers USA projection). Runs where the loader runs, normally on the server:
 * pages ship the finished path strings, so the browser never downloads us-atlas or d3-geo for a first view.
 */
import { geoAlbersUsa, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesTopology from 'us-atlas/states-10m.json';
import { findState } from '@moveratlas/contracts';
import type { MapState, StateLocator, UsMapData } from './map-types';

/** The spec's default map size. */
export const MAP_WIDTH = 800;
export const MAP_HEIGHT = 600;

type StateFeature = Feature<Geometry, { name: string }>;

let collection: FeatureCollection<Geometry, { name: string }> | undefined;

function stateFeatures(): FeatureCollection<Geometry, { name: string }> {
  if (!collection) {
    const topology = statesTopology as unknown as Topology<{
      states: GeometryCollection<{ name: string }>;
    }>;
    const all = feature(topology, topology.objects.states);
    // us-atlas also holds the territories; the directory covers the 50 states and DC.
    collection = { ...all, features: all.features.filter((f) => findState(f.properties.name)) };
  }
  return collection;
}

/**
 * A d3 path context that writes whole-pixel coordinates and skips points closer than `minStep` to the
 * last one kept: at map size the census outlines carry far more detail than a screen shows, and the
 * path strings travel twice (SVG and hydration data).
 */
class CompactPath {
  private parts: string[] = [];
  private last: [number, number] | undefined;
  private pending: [number, number] | undefined;

  constructor(private readonly minStep: number) {}

  moveTo(x: number, y: number): void {
    this.flush();
    this.last = [Math.round(x), Math.round(y)];
    this.parts.push(`M${this.last[0]},${this.last[1]}`);
  }

  lineTo(x: number, y: number): void {
    const point: [number, number] = [Math.round(x), Math.round(y)];
    const last = this.last;
    if (last && Math.hypot(point[0] - last[0], point[1] - last[1]) < this.minStep) {
      this.pending = point;
      return;
    }
    this.pending = undefined;
    this.last = point;
    this.parts.push(`L${point[0]},${point[1]}`);
  }

  closePath(): void {
    this.flush();
    this.parts.push('Z');
  }

  arc(): void {
    // geoPath only draws arcs for point geometries, which state outlines never have.
  }

  private flush(): void {
    if (this.pending) this.parts.push(`L${this.pending[0]},${this.pending[1]}`);
    this.pending = undefined;
  }

  result(): string {
    this.flush();
    const d = this.parts.join('');
    this.parts = [];
    this.last = undefined;
    return d;
  }
}

function draw(
  projection: ReturnType<typeof geoAlbersUsa>,
  shape: GeoPermissibleObjects,
  minStep: number,
): string {
  const context = new CompactPath(minStep);
  geoPath(projection, context as unknown as CanvasRenderingContext2D)(shape);
  return context.result();
}

let usMap: UsMapData | undefined;

/** All 50 states and DC as SVG paths on an 800 × 600 Albers USA map, with a label point each. */
export function computeUsMap(): UsMapData {
  if (usMap) return usMap;
  const features = stateFeatures();
  const projection = geoAlbersUsa().fitSize([MAP_WIDTH, MAP_HEIGHT], features);
  const centroid = geoPath(projection);
  const states: MapState[] = features.features
    .map((f: StateFeature) => {
      const state = findState(f.properties.name)!;
      const [x, y] = centroid.centroid(f);
      const mapState = {
        name: state.name,
        slug: state.slug,
        abbreviation: state.abbreviation,
        x: Math.round(x),
        y: Math.round(y),
      } as MapState;
      // Not enumerable, so JSON leaves it out of the page's hydration data: the same path is in the page's
      // HTML already, and the browser reads it back from there (us-map.tsx). About a quarter of the home
      // page's gzipped size.
      Object.defineProperty(mapState, 'd', { value: draw(projection, f, 1.5), enumerable: false });
      return mapState;
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
  usMap = { width: MAP_WIDTH, height: MAP_HEIGHT, states };
  return usMap;
}

/** One state's outline, fitted to a small box, with the point at lat/lng when it lies on the map. */
export function computeStateLocator(
  stateName: string,
  lat: number | null,
  lng: number | null,
  width = 240,
  height = 180,
): StateLocator | undefined {
  const target = findState(stateName);
  const shape = stateFeatures().features.find(
    (f) => findState(f.properties.name)?.abbreviation === target?.abbreviation,
  );
  if (!target || !shape) return undefined;
  const padding = 8;
  const projection = geoAlbersUsa().fitExtent(
    [
      [padding, padding],
      [width - padding, height - padding],
    ],
    shape,
  );
  const point = lat !== null && lng !== null ? projection([lng, lat]) : null;
  return {
    width,
    height,
    d: draw(projection, shape, 1),
    dot: point ? { x: Math.round(point[0]), y: Math.round(point[1]) } : null,
  };
}
