/**
 * The TanStack Query key of GET /api/auth/status, in a module of its own with no imports: the login page
 * needs the key, and importing it from auth-status.ts would bring zod (its schema) into /login's first load.
 */
export const AUTH_STATUS_KEY = ['/api/auth/status'] as const;
