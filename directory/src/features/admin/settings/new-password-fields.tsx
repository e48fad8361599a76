/**
 * A new admin password typed twice (creating an admin, changing one's own): the policy as a hint on the
 * first box, and the check that the two agree once the password itself is acceptable.
 */
import { ADMIN_PASSWORD_MIN_LENGTH } from '@moveratlas/contracts';
import { TextInput } from '../../../components/dashboard/fields';

export function NewPasswordFields({
  label,
  value,
  repeat,
  error,
  repeatError,
  onChange,
  onRepeatChange,
}: {
  /** "Password" or "New password"; the second box is "Repeat" + it in lower case. */
  label: string;
  value: string;
  repeat: string;
  error?: string;
  repeatError?: string;
  onChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
}) {
  return (
    <>
      <TextInput
        label={label}
        type="password"
        required
        autoComplete="new-password"
        hint={`At least ${ADMIN_PASSWORD_MIN_LENGTH} characters; not a common password.`}
        value={value}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
      <TextInput
        label={`Repeat ${label.toLowerCase()}`}
        type="password"
        required
        autoComplete="new-password"
        value={repeat}
        error={repeatError}
        onChange={(e) => onRepeatChange(e.target.value)}
      />
    </>
  );
}

/** `errors` with a message on "confirm" when the password is acceptable but the repeat differs. */
export function withRepeatCheck(
  errors: Record<string, string>,
  field: string,
  password: string,
  repeat: string,
  message: string,
): Record<string, string> {
  return !errors[field] && password !== repeat ? { ...errors, confirm: message } : errors;
}
