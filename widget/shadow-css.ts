/**
 * Makes Tailwind v4's output work inside a shadow root (tailwindlabs/tailwindcss#15005), as a Vite plugin
 * on the `styles.css?inline` module:
 * - `@property` rules do not register from a shadow root's sheets, so utilities composed of `--tw-*`
 *   variables (shadows, rings, transforms) would see them undefined. Each registration becomes a plain
 *   initial value on every element of the shadow tree instead.
 * - `rem` follows the host page's `html { font-size }`; every rem becomes px (1rem = 16px).
 */
import type { Plugin } from 'vite';

const PROPERTY_RULE = /@property\s+(--[\w-]+)\s*\{([^}]*)\}/g;

export function shadowCss(css: string): string {
  const initials: string[] = [];
  let out = css.replace(PROPERTY_RULE, (_rule, name: string, body: string) => {
    const initial = /initial-value\s*:\s*([^;]+);?/.exec(body)?.[1]?.trim();
    initials.push(`${name}:${initial ?? 'initial'}`);
    return '';
  });
  // Tailwind's own fallback for browsers without @property, gated by @supports for old Safari and Firefox.
  out = out.replace(/@layer properties\s*\{[\s\S]*?\}\s*\}\s*\}/, '');
  out = out.replace(
    /(?<![\d.])(-?(?:\d+(?:\.\d+)?|\.\d+))rem\b/g,
    (_m, n: string) => `${+(Number(n) * 16).toFixed(3)}px`,
  );
  if (initials.length > 0)
    out = `@layer properties{:host,*,::before,::after,::backdrop{${initials.join(';')}}}\n${out}`;
  return out;
}

export function shadowCssPlugin(): Plugin {
  return {
    name: 'moveratlas:shadow-css',
    enforce: 'post',
    transform(code, id) {
      if (!/\.css\?inline$/.test(id)) return null;
      const match = /^export default (".*")/s.exec(code.trim());
      if (!match?.[1]) return null;
      const css = JSON.parse(match[1]) as string;
      return { code: `export default ${JSON.stringify(shadowCss(css))}`, map: null };
    },
  };
}
