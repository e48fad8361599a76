/**
 * Step 7: what really happened — the movers the request went to, by name, and that no other mover has it
 * (issue 15) — the confirmation id, and a reset that starts a new request with a new lead id.
 */
import { useQuote, useQuoteActions } from '../store';
import { Icon } from '../ui/icons';

/** "Acme Movers", "Acme Movers and Bolt Movers", "Acme Movers and 2 others". */
export function moversSentTo(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  const others = names.length - 1;
  return `${names[0]} and ${others} others`;
}

export default function SuccessStep() {
  const leadId = useQuote((s) => s.leadId);
  const movers = useQuote((s) => s.form.selectedCompanies);
  const names = movers.map((c) => c.name);
  const { reset } = useQuoteActions();
  return (
    <div className="space-y-4 text-center">
      <Icon name="success" className="mx-auto size-12 text-green-600" />
      {names.length > 0 ? (
        <>
          <p className="text-lg font-semibold text-slate-900">
            We’ve sent your request to {moversSentTo(names)}.
          </p>
          <p className="text-slate-700">
            {names.length === 1 ? 'They' : 'Each of them'} will contact you by phone or e-mail with
            a free, no-obligation quote. No other moving company receives your request.
          </p>
        </>
      ) : (
        // A request sent before at least one mover was required (an older page): it named no mover.
        <p className="text-slate-700">
          Your request is saved with MoverAtlas. You chose no movers, so no mover will contact you;
          start a new quote to choose some.
        </p>
      )}
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
