/**
 * Renders HTML from our own Markdown (rendered on the server, checked free of scripts when it is read),
 * styled as readable long-form text.
 */
const PROSE_CLASSES = [
  'max-w-none text-base leading-7 text-slate-700 sm:text-lg sm:leading-8',
  '[&_h2]:mt-10 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2',
  '[&_a]:font-medium [&_a]:text-blue-800 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-blue-950',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-blue-200 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-left [&_table]:text-base',
  '[&_th]:border-b [&_th]:border-slate-300 [&_th]:py-2 [&_th]:pr-4 [&_th]:font-semibold [&_th]:text-slate-900',
  '[&_td]:border-b [&_td]:border-slate-200 [&_td]:py-2 [&_td]:pr-4',
].join(' ');

export function Prose({ html, className = '' }: { html: string; className?: string }) {
  return (
    <div
      className={`${PROSE_CLASSES} ${className}`}
      // Trusted: our repository's Markdown, rendered and checked on the server.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
