/**
 * The loader partners paste (`<script async src=".../widget/loader.js" data-site="…">`): one small classic
 * script, built as an IIFE that defines no global of its own besides `MoverAtlas`. The build fills in the
 * hashed entry and its static imports from the main bundle's manifest (vite.loader.config.ts).
 */
import { startLoader } from './loader-core';

declare const __MOVERATLAS_APP__: string;
declare const __MOVERATLAS_APP_IMPORTS__: string[];

startLoader(window, {
  app: __MOVERATLAS_APP__,
  imports: __MOVERATLAS_APP_IMPORTS__,
  importModule: (url) => import(/* @vite-ignore */ url),
});
