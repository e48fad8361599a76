/**
 * The whole HTML document, rendered by React on the server and hydrated as `document` in the browser, so
 * that React 19 hoists each page's <title>, <meta> and <link> tags into <head>.
 */
import type { ReactNode } from 'react';
import { BOOTSTRAP_ELEMENT_ID } from './hydration';
import { BRAND_COLOR, type DocumentAssets } from '@moveratlas/contracts';

export function Document({
  assets,
  bootstrapJson,
  children,
}: {
  assets: DocumentAssets;
  /** Already escaped for a script block (see serializeBootstrap). */
  bootstrapJson: string;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5" />
        <meta name="theme-color" content={BRAND_COLOR} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {assets.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body className="bg-white text-slate-900 antialiased">
        {children}
        <script
          id={BOOTSTRAP_ELEMENT_ID}
          type="application/json"
          dangerouslySetInnerHTML={{ __html: bootstrapJson }}
        />
      </body>
    </html>
  );
}
