/**
 * Every route an Express router has, read from its layers (routers mounted inside it included): the admin
 * 401 walk and the fuzz suite list endpoints from here, so a new endpoint is covered without editing a test.
 */

export interface Endpoint {
  method: string;
  /** The path template: `:name` and `*name` mark parameters; a route given as a RegExp is kept as one. */
  template: string | RegExp;
}

type Layer = {
  route?: { path: string | RegExp | Array<string | RegExp>; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
};

/** The routes below `stack` (an app's `router.stack`, or a Router's `stack`), their paths under `prefix`. */
export function routesOf(stack: unknown, prefix: string): Endpoint[] {
  const found: Endpoint[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths)
          for (const [method, on] of Object.entries(layer.route.methods))
            if (on && method !== '_all')
              found.push({
                method: method.toUpperCase(),
                template: typeof path === 'string' ? prefix + path : prefixed(prefix, path),
              });
      } else if (layer.handle?.stack) {
        const mount =
          typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk(stack as Layer[], prefix);
  return found;
}

/** A RegExp route under a mount path, as one RegExp. */
const prefixed = (prefix: string, pattern: RegExp) =>
  prefix === ''
    ? pattern
    : new RegExp(
        `^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${pattern.source.replace(/^\^/, '')}`,
      );
