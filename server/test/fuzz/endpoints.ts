/**
 * Every endpoint the app has, read from its Express routers (as the admin 401 test reads the admin router), plus
 * every page of the directory from its route table: a new endpoint or page is fuzzed without editing the test.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Express } from 'express';
import { routesOf, type Endpoint } from '../router-endpoints';

/** What the fuzz reads of a react-router route object. */
interface PageRoute {
  path?: string;
  index?: boolean;
  children?: PageRoute[];
}

export type { Endpoint };

export function routerEndpoints(app: Express): Endpoint[] {
  return dedupe(routesOf((app as unknown as { router: { stack: unknown } }).router.stack, ''));
}

/** The directory's route table (directory/src/app/router.tsx), loaded at run time so tsc leaves its JSX alone. */
export async function directoryRoutes(): Promise<PageRoute[]> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const file = path.join(here, '../../../directory/src/app/router.tsx');
  return ((await import(pathToFileURL(file).href)) as { routes: PageRoute[] }).routes;
}

/** GET endpoints for every page of the directory's route table. */
export function pageEndpoints(routes: PageRoute[]): Endpoint[] {
  const found: Endpoint[] = [];
  const walk = (list: PageRoute[], prefix: string) => {
    for (const route of list) {
      const path =
        route.path === undefined
          ? prefix
          : route.path.startsWith('/')
            ? route.path
            : `${prefix.replace(/\/$/, '')}/${route.path}`;
      if (route.path !== undefined || route.index)
        found.push({ method: 'GET', template: path.replace(/\/\*$/, '/*rest') || '/' });
      if (route.children) walk(route.children, path);
    }
  };
  walk(routes, '');
  return dedupe(found);
}

function dedupe(list: Endpoint[]): Endpoint[] {
  const seen = new Set<string>();
  return list.filter(({ method, template }) => {
    const key = `${method} ${String(template)}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** The names of a template's parameters, in order. */
export const parameterNames = (template: string) =>
  [...template.matchAll(/[:*]([A-Za-z_]\w*)/g)].map((match) => match[1]!);

/** The template with each parameter replaced by the next of `values` (already encoded for a path). */
export function fillTemplate(template: string, values: readonly string[]): string {
  let i = 0;
  return template
    .replace(/\{([^}]*)\}/g, '$1')
    .replace(/[:*][A-Za-z_]\w*/g, () => values[i++ % Math.max(1, values.length)] ?? '1');
}
