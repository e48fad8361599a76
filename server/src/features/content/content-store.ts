/**
 * The site's editorial content: directory/content/{collection}/*.md read once, front matter checked, the
 * Markdown rendered to HTML with `marked` here on the server, so the browser never loads a parser or the
 * articles it is not reading. A malformed file stops the first read with its name, as a bad setting would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { Marked, type Token, type Tokens } from 'marked';
import { z } from 'zod';
import {
  CONTENT_COLLECTIONS,
  CONTENT_SLUG_PATTERN,
  readingMinutes,
  slugify,
  type ContentCollection,
  type ContentDocument,
  type ContentSummary,
  type FaqEntry,
} from '@moveratlas/contracts';
import { assertNoTemplateLeft, expandPricingBlocks } from './pricing-blocks';

export const DEFAULT_CONTENT_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../directory/content',
);

const DEFAULT_AUTHOR = 'MoverAtlas Editorial Team';
const RELATED_LIMIT = 3;

/** YAML reads an unquoted 2026-01-15 as a Date; either form becomes YYYY-MM-DD. */
const isoDate = z
  .union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')])
  .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v));

const FrontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  date: isoDate,
  updated: isoDate.optional(),
  author: z.string().min(1).default(DEFAULT_AUTHOR),
  tags: z.array(z.string()).default([]),
  type: z.enum(['article', 'guide', 'page']).optional(),
  /** Lists sort by `order` first (services, resources), then newest first. */
  order: z.number().int().optional(),
  /** Each `##` heading is a question, the text under it the answer (FAQPage JSON-LD). */
  faq: z.boolean().default(false),
});

interface StoredDocument {
  document: Omit<ContentDocument, 'related'>;
  order: number;
}

export interface ContentStore {
  list(collection: ContentCollection): ContentSummary[];
  get(collection: ContentCollection, slug: string): ContentDocument | undefined;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const decodeEntities = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const plainText = (html: string) =>
  decodeEntities(html.replace(/<[^<>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** Headings get ids (for the table of contents); links off the site open apart from it, without an opener. */
function createMarked(): Marked {
  return new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        return `<h${depth} id="${slugify(plainText(inner))}">${inner}</h${depth}>\n`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
        const external = /^https?:\/\//i.test(href);
        const rel = external ? ' target="_blank" rel="noopener"' : '';
        return `<a href="${escapeHtml(href)}"${titleAttr}${rel}>${inner}</a>`;
      },
    },
  });
}

/** Our own files, but a slip (an embedded widget snippet, an onclick) must not reach a page. */
function assertNoScript(html: string, file: string): void {
  if (/<script|<iframe|\son[a-z]+\s*=|javascript:/i.test(html)) {
    throw new Error(`${file}: content must not contain scripts, frames or event handlers`);
  }
}

function faqEntries(marked: Marked, tokens: Token[]): FaqEntry[] {
  const entries: FaqEntry[] = [];
  let current: { question: string; body: Token[] } | undefined;
  const flush = () => {
    if (!current) return;
    const answerHtml = marked.parser(current.body as Token[] & { links: never });
    entries.push({ question: current.question, answerHtml, answerText: plainText(answerHtml) });
  };
  for (const token of tokens) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 2) {
      flush();
      current = { question: plainText((token as Tokens.Heading).text), body: [] };
    } else if (current) {
      current.body.push(token);
    }
  }
  flush();
  return entries;
}

const wordCount = (markdown: string) =>
  markdown
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#>*_`[\]|-]/g, ' ')
    .split(/\s+/)
    .filter((word) => /[A-Za-z0-9]/.test(word)).length;

function readDocument(marked: Marked, collection: ContentCollection, file: string): StoredDocument {
  const slug = path.basename(file, '.md');
  if (!CONTENT_SLUG_PATTERN.test(slug)) {
    throw new Error(`${file}: the file name must be a slug (lowercase words and hyphens)`);
  }
  const { data, content: source } = matter(fs.readFileSync(file, 'utf8'));
  const content = expandPricingBlocks(source, file);
  assertNoTemplateLeft(content, file);
  const parsed = FrontMatterSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: front matter ${issue.path.join('.')}: ${issue.message}`);
  }
  const front = parsed.data;
  const tokens = marked.lexer(content);
  const html = marked.parser(tokens);
  assertNoScript(html, file);
  const headings = tokens
    .filter((t): t is Tokens.Heading => t.type === 'heading' && (t as Tokens.Heading).depth === 2)
    .map((t) => {
      const text = plainText(marked.parseInline(t.text) as string);
      return { id: slugify(text), text };
    });
  return {
    order: front.order ?? Number.MAX_SAFE_INTEGER,
    document: {
      collection,
      slug,
      title: front.title,
      description: front.description,
      date: front.date,
      ...(front.updated ? { updated: front.updated } : {}),
      author: front.author,
      tags: front.tags,
      type:
        front.type ??
        (collection === 'blog' ? 'article' : collection === 'guides' ? 'guide' : 'page'),
      readingMinutes: readingMinutes(wordCount(content)),
      html,
      headings,
      ...(front.faq ? { faq: faqEntries(marked, tokens) } : {}),
    },
  };
}

function summaryOf({ document }: StoredDocument): ContentSummary {
  const { html: _html, headings: _headings, faq: _faq, ...summary } = document;
  return summary;
}

const byOrderThenNewest = (a: StoredDocument, b: StoredDocument) =>
  a.order - b.order ||
  b.document.date.localeCompare(a.document.date) ||
  a.document.title.localeCompare(b.document.title);

export function loadContent(root: string = DEFAULT_CONTENT_ROOT): ContentStore {
  const marked = createMarked();
  const collections = new Map<ContentCollection, StoredDocument[]>();
  for (const collection of CONTENT_COLLECTIONS) {
    const dir = path.join(root, collection);
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((name) => name.endsWith('.md'))
          .map((name) => path.join(dir, name))
      : [];
    collections.set(
      collection,
      files.map((file) => readDocument(marked, collection, file)).sort(byOrderThenNewest),
    );
  }

  const related = (stored: StoredDocument, all: readonly StoredDocument[]): ContentSummary[] => {
    const tags = new Set(stored.document.tags);
    return all
      .filter((other) => other.document.slug !== stored.document.slug)
      .map((other) => ({
        other,
        shared: other.document.tags.filter((tag) => tags.has(tag)).length,
      }))
      .sort(
        (a, b) => b.shared - a.shared || b.other.document.date.localeCompare(a.other.document.date),
      )
      .slice(0, RELATED_LIMIT)
      .map(({ other }) => summaryOf(other));
  };

  return {
    list: (collection) => (collections.get(collection) ?? []).map(summaryOf),
    get(collection, slug) {
      const all = collections.get(collection) ?? [];
      const stored = all.find((s) => s.document.slug === slug);
      return stored ? { ...stored.document, related: related(stored, all) } : undefined;
    },
  };
}

let defaultStore: ContentStore | undefined;

/** The repository's content, read on first use and kept for the life of the process. */
export function siteContent(): ContentStore {
  defaultStore ??= loadContent();
  return defaultStore;
}
