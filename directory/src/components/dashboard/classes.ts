/**
 * The admin screens' Tailwind classes for buttons, fields, cards and links: one look on every screen, and
 * buttons at least 40 px high so each is a comfortable touch target on a phone.
 */
export const buttonClass =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60';
export const primaryButtonClass =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60';
export const dangerButtonClass =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60';
export const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none aria-[invalid=true]:border-red-600';
export const cardClass = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
export const linkClass = 'font-medium text-blue-700 underline hover:text-blue-900';
/** A red box for a refusal or an error that stays on screen. */
export const errorBoxClass = 'rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900';
