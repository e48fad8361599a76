/**
 * How the company's developer checks that a call comes from us: the signature header in a sentence and the
 * code to copy (the same block docs/webhooks.md shows, which the server's tests run). Folded away: most
 * people on this screen never need it.
 */
import {
  WEBHOOK_IDEMPOTENCY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  WEBHOOK_VERIFY_SNIPPET,
} from '@moveratlas/contracts';
import { buttonClass, cardClass } from '../../../components/dashboard/classes';
import { copyText } from './copy-text';

const toleranceMinutes = WEBHOOK_TOLERANCE_SECONDS / 60;

export function SignatureHelp() {
  return (
    <details className={`${cardClass} min-w-0`}>
      <summary className="cursor-pointer text-base font-semibold text-slate-900">
        How to check the signature
      </summary>
      <div className="mt-3 space-y-3 text-sm text-slate-700">
        <p>
          Every call carries a <code className="font-mono">{WEBHOOK_SIGNATURE_HEADER}</code> header
          like <code className="font-mono">t=1767225600,v1=5f2c…</code>: <code>t</code> is when it
          was signed, in Unix seconds, and <code>v1</code> is the HMAC-SHA256, made with your
          secret, of <code className="font-mono">&lt;t&gt;.&lt;raw body&gt;</code> in hexadecimal.
          Refuse a call whose signature does not match, and one signed more than {toleranceMinutes}{' '}
          minutes ago: it is a replay. While an old secret still signs, the header carries a second{' '}
          <code>v1</code>.
        </p>
        <p>
          The <code className="font-mono">{WEBHOOK_IDEMPOTENCY_HEADER}</code> header is the same for
          every attempt of one lead: use it to skip a lead you already have.
        </p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-medium text-slate-800">In Node.js:</p>
          <button
            type="button"
            className={buttonClass}
            aria-label="Copy the code"
            onClick={() => void copyText(WEBHOOK_VERIFY_SNIPPET, 'Code copied')}
          >
            Copy
          </button>
        </div>
        {/* The code keeps its lines: it scrolls inside its box, never the page. */}
        <pre className="max-w-full overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
          <code>{WEBHOOK_VERIFY_SNIPPET}</code>
        </pre>
      </div>
    </details>
  );
}
