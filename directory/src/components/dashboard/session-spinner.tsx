/**
 * The spinner a signed-in area (the admin's, the movers' /pro) shows while it asks the server whether the
 * session is live: the only thing the server renders of such an area, so nothing private is in its HTML.
 */
export function SessionSpinner({ label = 'Checking your session…' }: { label?: string }) {
  return (
    <div
      className="flex min-h-[50vh] items-center justify-center p-8"
      role="status"
      aria-live="polite"
    >
      <svg
        className="h-10 w-10 animate-spin text-blue-700 motion-reduce:animate-none"
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path
          d="M22 12a10 10 0 00-10-10"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{label}</span>
    </div>
  );
}
