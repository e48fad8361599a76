/**
 * JSON-LD checks: every block must parse, and every item must carry @context (schema.org) and @type and the
 * properties search engines need for the types this site publishes. Items inside items are checked too where
 * their type has rules (a company's reviews and rating, issue 19): a Review must say what it reviews
 * (itemReviewed), who wrote it, when, and its stars; a rating must have a value within its scale and a count.
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
  Review: ['itemReviewed', 'author', 'datePublished', 'reviewRating'],
  // A rating standing on its own must say what it rates; inside the rated item, that item is what it rates.
  AggregateRating: ['itemReviewed', 'ratingValue'],
  Rating: ['ratingValue'],
};

/** Inside another item, where the item around them says what they are about. */
const NESTED_REQUIRED_PROPS: Record<string, readonly string[]> = {
  Review: REQUIRED_PROPS.Review!,
  AggregateRating: ['ratingValue'],
  Rating: ['ratingValue'],
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

const named = (value: unknown): boolean =>
  (typeof value === 'string' && value.trim() !== '') ||
  (isRecord(value) && (!isEmpty(value.name) || !isEmpty(value['@id'])));

/** A number, or a number written as text, as schema.org allows for rating values. */
const numeric = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** What a rating or review has that a search engine would refuse, beyond a missing property. */
function ratingProblems(type: string, item: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (type === 'Review') {
    if (!isEmpty(item.itemReviewed) && !named(item.itemReviewed))
      problems.push('an itemReviewed with a name or @id');
    if (!isEmpty(item.author) && !named(item.author)) problems.push('an author with a name');
  }
  if ((type === 'Rating' || type === 'AggregateRating') && !isEmpty(item.ratingValue)) {
    const value = numeric(item.ratingValue);
    const best = numeric(item.bestRating) ?? 5;
    const worst = numeric(item.worstRating) ?? 1;
    if (value === undefined || value < worst || value > best)
      problems.push(`a ratingValue from ${worst} to ${best}`);
  }
  if (type === 'AggregateRating') {
    const count = numeric(item.reviewCount) ?? numeric(item.ratingCount);
    if (count === undefined || count <= 0) problems.push('reviewCount or ratingCount');
  }
  return problems;
}

/** The items inside an item's properties (one level of objects or lists of objects), with a label each. */
function nestedItems(item: Record<string, unknown>): Array<[string, Record<string, unknown>]> {
  const found: Array<[string, Record<string, unknown>]> = [];
  for (const [prop, value] of Object.entries(item)) {
    if (prop.startsWith('@')) continue;
    const values = Array.isArray(value) ? value : [value];
    values.forEach((entry, index) => {
      if (isRecord(entry) && entry['@type'] !== undefined)
        found.push([Array.isArray(value) ? `${prop} ${index + 1}` : prop, entry]);
    });
  }
  return found;
}

/** Checks the items of the types with rules inside `item`, however deep, naming each by where it sits. */
function checkNested(
  item: Record<string, unknown>,
  result: StructuredDataResult,
  where: string,
  depth = 0,
): void {
  // Deep enough for a company > its reviews > their ratings; a document nested deeper is not ours.
  if (depth > 4) return;
  for (const [label, nested] of nestedItems(item)) {
    const problems: string[] = [];
    for (const type of typesOf(nested)) {
      for (const prop of NESTED_REQUIRED_PROPS[type] ?? []) {
        if (isEmpty(nested[prop]) && !problems.includes(prop)) problems.push(prop);
      }
      problems.push(...ratingProblems(type, nested));
    }
    const name = `${typesOf(nested).join('/')} (${label} of ${typesOf(item).join('/') || 'item'})`;
    if (problems.length > 0)
      result.incomplete.push(`${name} ${where} lacks ${problems.join(', ')}`);
    checkNested(nested, result, where, depth + 1);
  }
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
    problems.push(...ratingProblems(type, item));
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
  checkNested(item, result, where);
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
