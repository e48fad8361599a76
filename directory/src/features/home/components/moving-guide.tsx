/**
 * Home section 11: the long editorial guide to planning a move, linking to the checklist and the interstate
 * rules. Its text is Markdown (directory/content/pages/home-moving-guide.md) rendered on the server like every
 * article, so the home page's JavaScript does not carry 600 words of prose (issue 15: the page's budget).
 */
export interface HomeGuide {
  title: string;
  html: string;
}

const GUIDE_CLASSES =
  'mt-6 space-y-5 text-base leading-relaxed text-slate-700 sm:text-lg [&_a]:font-medium [&_a]:text-blue-800 [&_a]:underline [&_a]:underline-offset-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900';

export function MovingGuide({ guide }: { guide: HomeGuide }) {
  return (
    <section
      aria-labelledby="guide-heading"
      className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8"
    >
      <h2
        id="guide-heading"
        className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
      >
        {guide.title}
      </h2>
      <div
        className={GUIDE_CLASSES}
        // Trusted: our repository's Markdown, rendered and checked on the server (features/content).
        dangerouslySetInnerHTML={{ __html: guide.html }}
      />
    </section>
  );
}
