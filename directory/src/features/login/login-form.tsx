/**
 * The Admin Login form (spec 2.5, 4.3, 5, 8): username and password checked with the contract's schema (the
 * messages beside their fields), 'Logging in...' while the request runs, then a toast: 'Success' and the
 * dashboard, 'Login Failed' with the server's reason, or 'Error' when the request itself failed.
 * zod and TanStack Query are loaded on submit, not with the page: /login stays within the 130 kB budget of
 * JavaScript per page (issue 5), like the public forms.
 */
import { useContext, useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import {
  adminReturnPath,
  fieldMessages,
  type AuthStatus,
  type LoginRequest,
} from '@moveratlas/contracts';
import { TextField } from '../../components/forms/fields';
import { toast } from '../../components/toast/toast-store';
import { AUTH_STATUS_KEY } from '../../lib/auth-status-key';

const loadLoginSchema = () =>
  import('../../components/forms/form-schemas').then((m) => m.loginRequestSchema);

/**
 * The guard asks the auth status from the page's query client (an enclosing provider's, else the browser's
 * one client): tell it at once that we are signed in, or it would send us back here from its cache.
 */
async function rememberSignedIn(provided: QueryClient | undefined, username: string) {
  const client = provided ?? (await import('../../lib/query-client')).browserQueryClient();
  const status: AuthStatus = { isAuthenticated: true, username };
  client.setQueryData(AUTH_STATUS_KEY, status);
}

export const LOGIN_NOTE = 'Authorized personnel only. Unauthorized access is prohibited.';
export const LOGIN_FAILED_DEFAULT = 'Invalid username or password';

/** The server refused the credentials (as opposed to the request not getting through). */
class LoginRejected extends Error {}

async function login(credentials: LoginRequest): Promise<string> {
  const response = await fetch('/api/login', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(credentials),
  });
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // An unreadable body: the status decides.
  }
  if (!response.ok) {
    const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
    const reason =
      typeof error === 'string' && error ? error : typeof message === 'string' ? message : '';
    throw new LoginRejected(reason || LOGIN_FAILED_DEFAULT);
  }
  const { username } = (body ?? {}) as { username?: unknown };
  if (typeof username !== 'string') throw new Error('Invalid JSON response from server');
  return username;
}

const noSubscription = () => () => undefined;

/**
 * Already signed in: straight on to where the person was going. A plain fetch rather than the query client,
 * which /login loads only on submit (its JavaScript budget).
 */
function useSignedInRedirect(returnTo: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/auth/status', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    })
      .then((response) => (response.ok ? (response.json() as Promise<AuthStatus>) : undefined))
      .then((status) => {
        if (status?.isAuthenticated) void navigate(returnTo, { replace: true });
      })
      .catch(() => {
        // Unknown: the form stays, and signing in works as ever.
      });
    return () => controller.abort();
  }, [navigate, returnTo]);
}

export function LoginForm() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // Only a page of the admin area, so a crafted link can never send a person elsewhere after signing in.
  const returnTo = adminReturnPath(search.get('next')) ?? '/admin';
  useSignedInRedirect(returnTo);
  const queryClient = useContext(QueryClientContext);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Submitting before the script runs would send the password nowhere useful: the button waits for it.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  const submit = async (credentials: LoginRequest) => {
    setBusy(true);
    try {
      const username = await login(credentials);
      await rememberSignedIn(queryClient, username);
      toast({ title: 'Success', description: 'You have been logged in successfully.' });
      await navigate(returnTo);
    } catch (error) {
      if (error instanceof LoginRejected) {
        toast({ title: 'Login Failed', description: error.message, variant: 'destructive' });
      } else {
        console.error('Login request failed', error);
        toast({
          title: 'Error',
          description: 'There was a problem with the login request.',
          variant: 'destructive',
        });
      }
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const loginRequestSchema = await loadLoginSchema();
    const parsed = loginRequestSchema.safeParse({
      username: String(form.get('username') ?? ''),
      password: String(form.get('password') ?? ''),
    });
    if (!parsed.success) {
      const messages = fieldMessages(parsed.error);
      setErrors(messages);
      // Straight to the first field to fix.
      const first = ['username', 'password'].find((name) => messages[name]);
      if (first) (formElement.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    await submit(parsed.data);
  };
  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-5"
      aria-label="Admin Login"
    >
      <TextField
        name="username"
        label="Username"
        errors={errors}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={64}
      />
      <TextField
        name="password"
        label="Password"
        errors={errors}
        type="password"
        autoComplete="current-password"
        required
        maxLength={256}
      />
      <button
        type="submit"
        disabled={busy || !hydrated}
        className="w-full rounded-lg bg-blue-700 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-blue-800 disabled:opacity-60"
      >
        {busy ? 'Logging in...' : 'Login'}
      </button>
    </form>
  );
}
