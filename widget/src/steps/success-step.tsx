/** Step 7: the confirmation id, and a reset that starts a new request with a new lead id. */
import { useQuote, useQuoteActions } from '../store';
import { Icon } from '../ui/icons';

export default function SuccessStep() {
  const leadId = useQuote((s) => s.leadId);
  const { reset } = useQuoteActions();
  return (
    <div className="space-y-4 text-center">
      <Icon name="success" className="mx-auto size-12 text-green-600" />
      <p className="text-slate-700">
        Movers will contact you shortly with free, no-obligation quotes.
      </p>
      <p className="text-slate-900">
        Your confirmation number:{' '}
        <strong data-testid="confirmation-id" className="font-mono text-lg">
          {leadId}
        </strong>
      </p>
      <button
        type="button"
        onClick={reset}
        className="min-h-11 rounded-ma border-2 border-brand px-4 py-2 font-semibold text-brand hover:bg-brand-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        Start a new quote
      </button>
    </div>
  );
}
