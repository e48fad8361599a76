/**
 * JSON-LD checks: every block must parse, and every item must carry @context (schema.org) and @type and the
 * properties search engines need for the types this site publishes.
 */

/** Properties each type needs (Google's required properties, or what makes the item mean anything). */
const REQUIRED_PROPS: Record<string, readonly string[]> = {
  Organization: ['name', 'url'],
  WebSite: ['name', 'url'],
  WebPage: ['name', 'url'],
  CollectionPage: ['name', 'url'],
  AboutPage: ['name', 'url'],
  ContactPage: ['name', 'url'],
  Article: ['headline', 'datePublished', 'author'],
  BlogPosting: ['headline', 'datePublished', 'author'],
  BreadcrumbList: ['itemListElement'],
  ItemList: ['itemListElement'],
  MovingCompany: ['name', 'address'],
  LocalBusiness: ['name', 'address'],
  FAQPage: ['mainEntity'],
};

/** Lists whose entries must be ListItems with a position and a name or item. */
const LIST_TYPES = new Set(['BreadcrumbList', 'ItemList']);

export interface StructuredDataResult {
  /** The @type of every item found, in order. */
  types: string[];
  /** One message per block that does not parse. */
  invalid: string[];
  /** One message per item that lacks something. */
  incomplete: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

function typesOf(item: Record<string, unknown>): string[] {
  const type = item['@type'];
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return [];
}

const SCHEMA_ORG = /^https?:\/\/schema\.org\/?$/;

function contextOk(context: unknown): boolean {
  if (typeof context === 'string') return SCHEMA_ORG.test(context);
  if (Array.isArray(context)) return context.some(contextOk);
  // {"@vocab": "https://schema.org/"} is a context too.
  if (isRecord(context)) return typeof context['@vocab'] === 'string';
  return false;
}

function checkItem(
  item: Record<string, unknown>,
  inheritedContext: boolean,
  result: StructuredDataResult,
  where: string,
): void {
  const types = typesOf(item);
  const name = types.join('/') || 'item';
  result.types.push(...types);
  const problems: string[] = [];
  const hasContext = inheritedContext || contextOk(item['@context']);
  if (!hasContext) problems.push('@context (https://schema.org)');
  if (types.length === 0) problems.push('@type');
  for (const type of types) {
    for (const prop of REQUIRED_PROPS[type] ?? []) {
      if (isEmpty(item[prop]) && !problems.includes(prop)) problems.push(prop);
    }
    if (LIST_TYPES.has(type) && Array.isArray(item.itemListElement)) {
      const bad = item.itemListElement.filter(
        (entry) =>
          !isRecord(entry) ||
          typeof entry.position !== 'number' ||
          (isEmpty(entry.name) && isEmpty(entry.item) && isEmpty(entry.url)),
      ).length;
      if (bad > 0) problems.push(`position and name on ${bad} list item(s)`);
    }
  }
  if (problems.length > 0) result.incomplete.push(`${name} ${where} lacks ${problems.join(', ')}`);
}

/** Checks the text of every <script type="application/ld+json"> block of a page. */
export function checkStructuredData(blocks: readonly string[]): StructuredDataResult {
  const result: StructuredDataResult = { types: [], invalid: [], incomplete: [] };
  blocks.forEach((text, index) => {
    const where = `(block ${index + 1})`;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      const snippet = text.trim().slice(0, 60).replace(/\s+/g, ' ');
      result.invalid.push(
        `JSON-LD block ${index + 1} does not parse: ${(error as Error).message} — “${snippet}${text.trim().length > 60 ? '…' : ''}”`,
      );
      return;
    }
    const items = Array.isArray(data) ? data : [data];
    for (const item of items) {
      if (!isRecord(item)) {
        result.incomplete.push(`JSON-LD block ${index + 1} holds something other than an object`);
        continue;
      }
      if (Array.isArray(item['@graph'])) {
        const context = contextOk(item['@context']);
        for (const node of item['@graph'])
          if (isRecord(node)) checkItem(node, context, result, where);
        continue;
      }
      checkItem(item, false, result, where);
    }
  });
  return result;
}
