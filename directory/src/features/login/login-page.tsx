/** /login (spec 2.5): the Admin Login card, kept out of search results. */
import { useSearchParams } from 'react-router-dom';
import { Seo } from '../../lib/seo/seo';
import { LOGIN_NOTE, LoginForm } from './login-form';

export const SESSION_EXPIRED_NOTE =
  'Your session expired, so you were signed out. Sign in again to go back to the page you were on: the changes you typed there are kept.';

function LoginPage() {
  const [search] = useSearchParams();
  const expired = search.get('reason') === 'expired';
  return (
    <section aria-labelledby="login-heading" className="flex justify-center px-4 py-12 sm:py-20">
      <Seo
        title="Admin Login"
        description="Sign in to the directory's administration area."
        noindex
      />
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 id="login-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Admin Login
        </h1>
        {expired ? (
          <p
            role="status"
            className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
          >
            {SESSION_EXPIRED_NOTE}
          </p>
        ) : null}
        <div className="mt-6">
          <LoginForm />
        </div>
        <p className="mt-6 text-center text-xs text-slate-600">{LOGIN_NOTE}</p>
      </div>
    </section>
  );
}

export const Component = LoginPage;
