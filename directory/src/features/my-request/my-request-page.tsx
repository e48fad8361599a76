/**
 * /my-request#t=…: the visitor's own quote request, opened from the confirmation e-mail without an account
 * (issue 18). The link's secret is in the fragment, which the browser never sends anywhere; the page posts it
 * to the API once it runs. It shows each mover the request went to — whether it was sent and opened — with a
 * "Stop this mover contacting me" button each, and the request to delete the visitor's data. After a deletion
 * request nothing personal is shown. A public page inside the site's JavaScript budget: no zod, no TanStack
 * Query; never indexed, never cached.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  MOVER_CONTACT_STATE_LABELS,
  MY_REQUEST_API,
  MY_REQUEST_DELETE_API,
  MY_REQUEST_INCOMPLETE,
  MY_REQUEST_WITHDRAW_API,
  myRequestTokenFrom,
  spelledMoveDay,
  formatPhone,
  type MyRequest,
  type MyRequestMover,
} from '@moveratlas/contracts';
import { FormBanner } from '../../components/forms/public-form';
import {
  LinkProblem,
  LinkWaiting,
  PrivateLinkPage,
  useLinkRead,
} from '../../components/forms/private-link';
import { postJson } from '../../lib/post-json';

const buttonClass =
  'rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60';
const dangerClass =
  'rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60';
const linkClass = 'font-medium text-blue-700 underline hover:text-blue-900';

const STATE_CLASSES: Record<MyRequestMover['state'], string> = {
  waiting: 'bg-slate-100 text-slate-800',
  sent: 'bg-blue-50 text-blue-900',
  opened: 'bg-green-50 text-green-900',
  withdrawn: 'bg-amber-50 text-amber-900',
  earlier: 'bg-slate-100 text-slate-800',
};

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

function MoverCard({
  mover,
  busy,
  onStop,
}: {
  mover: MyRequestMover;
  busy: boolean;
  onStop: (mover: MyRequestMover) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const ids = [
    mover.usdotNumber ? `USDOT ${mover.usdotNumber}` : null,
    mover.mcNumber ? `MC ${mover.mcNumber}` : null,
  ].filter(Boolean);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">
          <Link to={mover.profilePath} className={linkClass}>
            {mover.name}
          </Link>
        </h3>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATE_CLASSES[mover.state]}`}
        >
          {MOVER_CONTACT_STATE_LABELS[mover.state]}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {mover.phone ? formatPhone(mover.phone) : 'No phone listed'}
        {ids.length > 0 ? ` · ${ids.join(' · ')}` : ''}
      </p>
      {mover.state === 'earlier' ? (
        <p className="mt-2 text-sm text-slate-700">
          You asked {mover.name} for a quote in the last 30 days, so this request was not sent to
          them again: they will answer the one they have.
        </p>
      ) : null}
      {mover.state === 'withdrawn' ? (
        <p className="mt-2 text-sm text-slate-700">
          On {longDate(mover.withdrawnAt!)} you asked this mover not to contact you. We told them,
          and anything not yet sent to them was cancelled.
        </p>
      ) : confirming ? (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
          <p>
            {mover.name} will be told not to contact you about this move, and anything not yet sent
            to them is cancelled. This cannot be undone.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className={dangerClass}
              disabled={busy}
              onClick={() => onStop(mover)}
            >
              {busy ? 'Stopping…' : `Yes, stop ${mover.name}`}
            </button>
            <button type="button" className={buttonClass} onClick={() => setConfirming(false)}>
              Keep
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className={`${buttonClass} mt-3`} onClick={() => setConfirming(true)}>
          Stop this mover contacting me
        </button>
      )}
    </li>
  );
}

function DeletionRequest({ busy, onRequest }: { busy: boolean; onRequest: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="delete-heading" className="mt-8 border-t border-slate-200 pt-6">
      <h2 id="delete-heading" className="text-lg font-semibold text-slate-900">
        Delete your data
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        We delete your request and everything we keep about it: your name, contact details and move.
        Movers who already received it keep their own copy; stop them above first if you want them
        to forget you too.
      </p>
      {confirming ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={dangerClass} disabled={busy} onClick={onRequest}>
            {busy ? 'Sending…' : 'Yes, delete my data'}
          </button>
          <button type="button" className={buttonClass} onClick={() => setConfirming(false)}>
            Keep my request
          </button>
        </div>
      ) : (
        <button type="button" className={`${buttonClass} mt-3`} onClick={() => setConfirming(true)}>
          Ask us to delete my data
        </button>
      )}
    </section>
  );
}

function RequestView({ token }: { token: string }) {
  const { read, show, retry } = useLinkRead<MyRequest>(
    MY_REQUEST_API,
    token,
    MY_REQUEST_INCOMPLETE,
  );
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const act = async (path: string, body: unknown, done: string) => {
    setBusy(true);
    setNotice(null);
    const outcome = await postJson<MyRequest>(path, body, 'That did not work. Please try again.');
    setBusy(false);
    if (outcome.ok) {
      show(outcome.body);
      setNotice({ tone: 'success', text: done });
    } else setNotice({ tone: 'error', text: outcome.message });
  };

  if (read.state === 'reading') return <LinkWaiting>Opening your request…</LinkWaiting>;
  if (read.state === 'failed')
    return <LinkProblem message={read.message} onRetry={read.retry ? retry : undefined} />;

  const view = read.body;
  return (
    <>
      <div aria-live="polite">
        {notice ? (
          <FormBanner tone={notice.tone}>
            <p>{notice.text}</p>
          </FormBanner>
        ) : null}
      </div>
      {view.closed || !view.request ? (
        <FormBanner tone="success">
          <p>
            You asked us to delete your data
            {view.deletionRequestedAt ? ` on ${longDate(view.deletionRequestedAt)}` : ''}. Our staff
            delete it shortly; until then nothing about you is shown here.
          </p>
        </FormBanner>
      ) : (
        <dl className="mt-4 grid gap-3 rounded-lg bg-slate-50 p-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Request number</dt>
            <dd className="font-mono font-semibold text-slate-900">{view.request.publicId}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Sent</dt>
            <dd className="font-semibold text-slate-900">{longDate(view.request.receivedAt)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">From</dt>
            <dd className="font-semibold text-slate-900">{view.request.from}</dd>
          </div>
          <div>
            <dt className="text-slate-600">To</dt>
            <dd className="font-semibold text-slate-900">{view.request.to}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Moving day</dt>
            <dd className="font-semibold text-slate-900">
              {spelledMoveDay(view.request.moveDate)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Size</dt>
            <dd className="font-semibold text-slate-900">{view.request.size ?? 'Not given'}</dd>
          </div>
        </dl>
      )}
      <section aria-labelledby="movers-heading" className="mt-8">
        <h2 id="movers-heading" className="text-lg font-semibold text-slate-900">
          The movers you chose
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Only these movers received your request. A call from anyone else did not come from us.
        </p>
        <ul className="mt-4 space-y-3">
          {view.movers.map((mover) => (
            <MoverCard
              key={mover.companyId}
              mover={mover}
              busy={busy}
              onStop={(m) =>
                void act(
                  MY_REQUEST_WITHDRAW_API,
                  { token, companyId: m.companyId },
                  `${m.name} will not contact you about this move.`,
                )
              }
            />
          ))}
        </ul>
      </section>
      {view.closed ? null : (
        <DeletionRequest
          busy={busy}
          onRequest={() =>
            void act(
              MY_REQUEST_DELETE_API,
              { token },
              'We received your request. Our staff will delete your data shortly.',
            )
          }
        />
      )}
      <p className="mt-8 text-xs text-slate-600">
        This private link works until {longDate(view.expiresAt)}. Do not share it.
      </p>
    </>
  );
}

function MyRequestPage() {
  return (
    <PrivateLinkPage
      heading="Your quote request"
      description="Follow your moving quote request and choose who may contact you."
      width="details"
      tokenFrom={myRequestTokenFrom}
      waiting="Opening your request…"
      incomplete={MY_REQUEST_INCOMPLETE}
    >
      {(token) => <RequestView key={token} token={token} />}
    </PrivateLinkPage>
  );
}

export const Component = MyRequestPage;
