/** Home section 10: three blog teasers and a link to the blog. */
import { Link } from 'react-router-dom';
import { ArrowRightIcon } from '../../../components/icons';

const POSTS = [
  {
    slug: 'packing-tips-for-moving',
    title: 'Packing Tips for Moving',
    text: 'How to pack room by room, which boxes to buy, and what to keep with you on moving day.',
  },
  {
    slug: 'moving-cost-guide',
    title: 'Moving Cost Guide',
    text: 'What local and long-distance moves really cost, and the fees that catch people out.',
  },
  {
    slug: 'choosing-right-moving-company',
    title: 'Choosing the Right Moving Company',
    text: 'The questions to ask, the licenses to check and the red flags that mean walk away.',
  },
] as const;

export function BlogTeasers() {
  return (
    <section aria-labelledby="blog-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2
            id="blog-heading"
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            Moving Tips &amp; Advice
          </h2>
          <Link
            to="/blog"
            className="inline-flex items-center gap-1 text-sm font-semibold text-blue-800 underline"
          >
            Read the blog
            <ArrowRightIcon className="h-4 w-4" />
          </Link>
        </div>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {POSTS.map((post) => (
            <li key={post.slug}>
              <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-slate-900">
                  <Link to={`/blog/${post.slug}`} className="hover:text-blue-800 hover:underline">
                    {post.title}
                  </Link>
                </h3>
                <p className="mt-2 flex-1 text-slate-600">{post.text}</p>
                <Link
                  to={`/blog/${post.slug}`}
                  className="mt-4 text-sm font-semibold text-blue-800 underline"
                  aria-hidden="true"
                  tabIndex={-1}
                >
                  Read the article
                </Link>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
