/** A blog post or guide: heading, byline, table of contents, the article, related reading and the quote prompt. */
import { Link } from 'react-router-dom';
import type { ContentDocument, ContentSummary } from '@moveratlas/contracts';
import { Breadcrumbs } from '../breadcrumbs';
import type { Crumb } from '../../lib/seo/structured-data';
import { formatContentDate, readingTimeLabel, tagLabel } from './content-format';
import { Prose } from './prose';

export function ArticleMeta({ summary }: { summary: ContentSummary }) {
  return (
    <p className="text-sm text-slate-600">
      <span>{summary.author}</span>
      <span aria-hidden="true"> · </span>
      <time dateTime={summary.date}>{formatContentDate(summary.date)}</time>
      {summary.updated ? (
        <>
          <span aria-hidden="true"> · </span>
          <span>
            Updated <time dateTime={summary.updated}>{formatContentDate(summary.updated)}</time>
          </span>
        </>
      ) : null}
      <span aria-hidden="true"> · </span>
      <span>{readingTimeLabel(summary.readingMinutes)}</span>
    </p>
  );
}

export function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Tags">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-blue-50 px-3 py-1 text-xs font-medium text-blue-800"
        >
          {tagLabel(tag)}
        </li>
      ))}
    </ul>
  );
}

export function QuotePrompt() {
  return (
    <aside className="mt-12 rounded-2xl bg-blue-700 px-6 py-8 text-white sm:px-10">
      <h2 className="text-2xl font-bold">Ready to compare movers?</h2>
      <p className="mt-2 text-blue-100">
        Estimate your costs, then request free quotes from movers that serve your route.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link
          to="/get-quotes"
          className="rounded-lg bg-white px-5 py-3 text-sm font-semibold text-blue-800 shadow-sm hover:bg-blue-50"
        >
          Get Free Quotes
        </Link>
        <Link
          to="/calculator"
          className="rounded-lg border border-white/60 px-5 py-3 text-sm font-semibold text-white hover:bg-white/10"
        >
          Moving Cost Calculator
        </Link>
      </div>
    </aside>
  );
}

export interface ArticleViewProps {
  document: ContentDocument;
  crumbs: readonly Crumb[];
  /** Where related documents live: /blog, /guides … */
  basePath: string;
}

export function ArticleView({ document, crumbs, basePath }: ArticleViewProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:px-6">
      <Breadcrumbs crumbs={crumbs} />
      <header className="mt-6">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {document.title}
        </h1>
        <p className="mt-3 text-lg text-slate-600">{document.description}</p>
        <div className="mt-4 flex flex-col gap-3">
          <ArticleMeta summary={document} />
          <TagList tags={document.tags} />
        </div>
      </header>
      {document.headings.length >= 3 ? (
        <nav
          aria-label="In this article"
          className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5"
        >
          <h2 className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
            In this article
          </h2>
          <ol className="mt-3 space-y-1 text-sm">
            {document.headings.map((heading) => (
              <li key={heading.id}>
                <a href={`#${heading.id}`} className="text-blue-800 hover:underline">
                  {heading.text}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <Prose html={document.html} className="mt-8" />
      <QuotePrompt />
      {document.related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-12">
          <h2 id="related-heading" className="text-xl font-bold text-slate-900">
            Related reading
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {document.related.map((related) => (
              <li key={related.slug} className="rounded-xl border border-slate-200 p-4">
                <Link
                  to={`${basePath}/${related.slug}`}
                  className="font-semibold text-blue-800 hover:underline"
                >
                  {related.title}
                </Link>
                <p className="mt-1 text-xs text-slate-600">
                  {readingTimeLabel(related.readingMinutes)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

/** A card in a list of posts or guides. */
export function ContentCard({ summary, to }: { summary: ContentSummary; to: string }) {
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <TagList tags={summary.tags.slice(0, 3)} />
      <h2 className="mt-3 text-xl font-bold text-slate-900">
        <Link to={to} className="hover:text-blue-800 hover:underline">
          {summary.title}
        </Link>
      </h2>
      <p className="mt-2 flex-1 text-slate-600">{summary.description}</p>
      <div className="mt-4">
        <ArticleMeta summary={summary} />
      </div>
    </article>
  );
}
