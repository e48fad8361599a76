/**
 * The site's editorial content (directory/content/**.md): blog posts, guides, pages, service pages and
 * location resources, as GET /api/content/* answers them and the directory's loaders receive them. The
 * Markdown is rendered to HTML on the server, so the browser never loads a Markdown parser.
 */
import { z } from 'zod';

export const CONTENT_COLLECTIONS = ['blog', 'guides', 'pages', 'services', 'resources'] as const;
export const ContentCollectionSchema = z.enum(CONTENT_COLLECTIONS);
export type ContentCollection = z.infer<typeof ContentCollectionSchema>;

/** A slug in a content URL: lowercase letters and digits in hyphen-separated words. */
export const CONTENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ContentSlugSchema = z
  .string()
  .max(120, 'Slug must be at most 120 characters')
  .regex(CONTENT_SLUG_PATTERN, 'Slug must be lowercase words separated by hyphens');

/** Average adult silent reading speed used for the reading time shown with every article. */
export const READING_WORDS_PER_MINUTE = 220;

export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.round(wordCount / READING_WORDS_PER_MINUTE));
}

export const ContentSummarySchema = z.object({
  collection: ContentCollectionSchema,
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** YYYY-MM-DD of first publication. */
  date: z.string(),
  /** YYYY-MM-DD of the last substantial revision, when there was one. */
  updated: z.string().optional(),
  author: z.string(),
  tags: z.array(z.string()),
  /** 'guide' marks a blog post that the /guides page lists too. */
  type: z.enum(['article', 'guide', 'page']),
  readingMinutes: z.number().int(),
});
export type ContentSummary = z.infer<typeof ContentSummarySchema>;

/** One question of an FAQ page (the page's `##` headings), for the visible list and the FAQPage JSON-LD. */
export const FaqEntrySchema = z.object({
  question: z.string(),
  answerHtml: z.string(),
  answerText: z.string(),
});
export type FaqEntry = z.infer<typeof FaqEntrySchema>;

export const ContentDocumentSchema = ContentSummarySchema.extend({
  /** Trusted HTML rendered from our own Markdown; never contains scripts. */
  html: z.string(),
  /** The `##` headings with their anchor ids, for a table of contents. */
  headings: z.array(z.object({ id: z.string(), text: z.string() })),
  /** Present when the document's front matter says `faq: true`. */
  faq: z.array(FaqEntrySchema).optional(),
  /** Up to three other documents of the same collection, by shared tags then date. */
  related: z.array(ContentSummarySchema),
});
export type ContentDocument = z.infer<typeof ContentDocumentSchema>;
