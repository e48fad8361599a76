/**
 * Step 4: how the movers should contact the visitor. The consent to be contacted is asked once, on step 6,
 * where it can name the movers chosen on step 5 (issue 15).
 */
import { HONEYPOT_FIELD, formatPhone } from '@moveratlas/contracts';
import { useQuote, useQuoteActions } from '../store';
import { TextField } from '../ui/field';

export default function ContactStep() {
  const form = useQuote((s) => s.form);
  const errors = useQuote((s) => s.errors);
  const { setField, setHoneypot } = useQuoteActions();
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-4 @md:grid-cols-2">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          value={form.firstName}
          error={errors.firstName}
          onChange={(e) => setField('firstName', e.currentTarget.value)}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          value={form.lastName}
          error={errors.lastName}
          onChange={(e) => setField('lastName', e.currentTarget.value)}
        />
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={form.email}
        error={errors.email}
        onChange={(e) => setField('email', e.currentTarget.value)}
      />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        required
        placeholder="(555) 555-0123"
        value={form.phone}
        error={errors.phone}
        hint="10 digits, US number."
        onChange={(e) => setField('phone', e.currentTarget.value)}
        onBlur={(e) => setField('phone', formatPhone(e.currentTarget.value))}
      />
      {/* Real visitors never see or fill this; bots that fill every field are dropped by the server. */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label>
          Company website
          <input
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
            onChange={(e) => setHoneypot(e.currentTarget.value)}
          />
        </label>
      </div>
    </div>
  );
}
