/**
 * Step 6: auto transport (the vehicle's details only when needed), then the one consent — naming the movers
 * chosen on step 5, beside the button that sends the request to them — and the submission.
 */
import { useId } from 'react';
import { AUTO_CONDITIONS } from '@moveratlas/contracts';
import { useQuote, useQuoteActions } from '../store';
import { FieldError, TextField, inputClass } from '../ui/field';
import { ConsentBox } from './consent-box';

export default function AutoStep() {
  const form = useQuote((s) => s.form);
  const errors = useQuote((s) => s.errors);
  const { setField } = useQuoteActions();
  const id = useId();
  const years = Array.from({ length: 40 }, (_, i) => String(new Date().getFullYear() + 1 - i));
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">
          Do you also need a vehicle shipped?
        </legend>
        <div className="flex gap-3">
          {[
            { value: false, label: 'No' },
            { value: true, label: 'Yes' },
          ].map((choice) => (
            <label
              key={choice.label}
              className={
                'flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-ma border-2 px-3 ' +
                (form.needsAutoTransport === choice.value
                  ? 'border-brand bg-brand-soft'
                  : 'border-slate-200 bg-white')
              }
            >
              <input
                type="radio"
                name="needsAutoTransport"
                checked={form.needsAutoTransport === choice.value}
                onChange={() => setField('needsAutoTransport', choice.value)}
                className="size-4 accent-brand"
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      {form.needsAutoTransport ? (
        <div className="grid grid-cols-1 gap-4 @md:grid-cols-2">
          <div>
            <label htmlFor={`${id}-year`} className="mb-1 block text-sm font-medium text-slate-800">
              Vehicle year
            </label>
            <select
              id={`${id}-year`}
              name="autoYear"
              className={inputClass}
              value={form.autoYear}
              aria-invalid={errors.autoYear ? true : undefined}
              aria-describedby={errors.autoYear ? `${id}-year-error` : undefined}
              onChange={(e) => setField('autoYear', e.currentTarget.value)}
            >
              <option value="">Choose a year</option>
              {years.map((y) => (
                <option key={y}>{y}</option>
              ))}
            </select>
            <FieldError id={`${id}-year-error`} message={errors.autoYear} />
          </div>
          <TextField
            label="Vehicle make"
            name="autoMake"
            value={form.autoMake}
            error={errors.autoMake}
            placeholder="Toyota"
            onChange={(e) => setField('autoMake', e.currentTarget.value)}
          />
          <TextField
            label="Vehicle model"
            name="autoModel"
            value={form.autoModel}
            error={errors.autoModel}
            placeholder="Camry"
            onChange={(e) => setField('autoModel', e.currentTarget.value)}
          />
          <div>
            <label htmlFor={`${id}-cond`} className="mb-1 block text-sm font-medium text-slate-800">
              Vehicle condition
            </label>
            <select
              id={`${id}-cond`}
              name="autoCondition"
              className={inputClass}
              value={form.autoCondition}
              aria-invalid={errors.autoCondition ? true : undefined}
              aria-describedby={errors.autoCondition ? `${id}-cond-error` : undefined}
              onChange={(e) => setField('autoCondition', e.currentTarget.value)}
            >
              <option value="">Choose a condition</option>
              {AUTO_CONDITIONS.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
            <FieldError id={`${id}-cond-error`} message={errors.autoCondition} />
          </div>
        </div>
      ) : null}
      <ConsentBox />
    </div>
  );
}
