/** Step 1: the four size tiles. Choosing a tile sets the size and advances; Continue advances too. */
import { MOVE_SIZES } from '@moveratlas/contracts';
import { useQuote, useQuoteActions } from '../store';
import { Icon } from '../ui/icons';

export function SizeStep() {
  const moveSize = useQuote((s) => s.form.moveSize);
  const { chooseSize } = useQuoteActions();
  return (
    <div role="group" aria-label="Move size" className="grid grid-cols-1 gap-3 @sm:grid-cols-2">
      {MOVE_SIZES.map((size) => {
        const selected = moveSize === size.id;
        return (
          <button
            key={size.id}
            type="button"
            aria-pressed={selected}
            onClick={() => void chooseSize(size.id)}
            className={
              'flex min-h-16 items-center gap-3 rounded-ma border-2 p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ' +
              (selected
                ? 'border-brand bg-brand-soft'
                : 'border-slate-200 bg-white hover:border-brand')
            }
          >
            <span className="text-brand">
              <Icon name={size.id === 'commercial' ? 'office' : 'size'} className="size-7" />
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{size.label}</span>
              <span className="block text-sm text-slate-600">{size.description}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
