/**
 * Reads what crawlers read from a server-rendered page: the head's title, meta, canonical and JSON-LD, and
 * from the body the h1, the visible breadcrumb trail and the links. Plain regular expressions over React's
 * own output (attributes in double quotes, no whitespace surprises), so no HTML parser is needed.
 */
import type { JsonLdBlock } from './schema-org';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** The text of an HTML fragment: comments and tags dropped, entities decoded, spaces collapsed. */
const textOf = (html: string) =>
  decode(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

export interface PageHead {
  titles: string[];
  /** The content of every <meta> whose name or property is `key`. */
  meta: (key: string) => string[];
  canonical: string[];
  jsonLd: JsonLdBlock[];
  h1: string[];
  /** The labels of the visible breadcrumb trail (nav "Breadcrumb"), empty without one. */
  breadcrumbs: string[];
  /** Every href of the body's links. */
  links: Set<string>;
}

export function readPage(html: string): PageHead {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  const metas = [...head.matchAll(/<meta\s([^>]*?)\/?>/g)].map((match) => {
    const attributes: Record<string, string> = {};
    for (const [, name, value] of match[1]!.matchAll(/([\w:.-]+)="([^"]*)"/g)) {
      attributes[name!] = decode(value!);
    }
    return attributes;
  });
  const trail = /<nav aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/.exec(body)?.[1] ?? '';
  return {
    titles: [...head.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => decode(m[1]!)),
    meta: (key) =>
      metas.filter((m) => m.name === key || m.property === key).map((m) => m.content ?? ''),
    canonical: [...head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) =>
      decode(m[1]!),
    ),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as JsonLdBlock,
    ),
    h1: [...body.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1]!)),
    breadcrumbs: [...trail.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
      // The separators are decoration, hidden from assistive technology as well.
      textOf(m[1]!.replace(/<span aria-hidden="true"[^>]*>[\s\S]*?<\/span>/g, '')),
    ),
    links: new Set([...body.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((m) => decode(m[1]!))),
  };
}
