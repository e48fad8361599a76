/**
 * The public forms' controls: each is a labelled field (see `Field`) whose validation message is looked up
 * by name in the form's `errors`, styled alike, plus the confirmation, the refusal and the submit button.
 */
import type {
  ComponentPropsWithoutRef,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { Field, FormBanner, inputClass } from './public-form';

interface FieldProps {
  name: string;
  label: string;
  /** The form's validation messages by field name (from `usePublicForm`). */
  errors: Readonly<Record<string, string | undefined>>;
  hint?: string;
}

type ControlProps<A> = FieldProps & Omit<A, 'name' | 'id' | 'className' | 'children'>;

export function TextField({
  name,
  label,
  errors,
  hint,
  ...control
}: ControlProps<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Field name={name} label={label} error={errors[name]} hint={hint}>
      {(props) => <input {...props} name={name} {...control} className={inputClass} />}
    </Field>
  );
}

export function TextAreaField({
  name,
  label,
  errors,
  hint,
  ...control
}: ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field name={name} label={label} error={errors[name]} hint={hint}>
      {(props) => <textarea {...props} name={name} {...control} className={inputClass} />}
    </Field>
  );
}

export function SelectField({
  name,
  label,
  errors,
  hint,
  children,
  ...control
}: ControlProps<SelectHTMLAttributes<HTMLSelectElement>> & { children: ReactNode }) {
  return (
    <Field name={name} label={label} error={errors[name]} hint={hint}>
      {(props) => (
        <select {...props} name={name} {...control} className={inputClass}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** The e-mail address, as every public form asks for it. */
export function EmailField({ errors }: { errors: FieldProps['errors'] }) {
  return (
    <TextField
      name="email"
      label="E-mail address"
      errors={errors}
      type="email"
      autoComplete="email"
      required
      maxLength={254}
    />
  );
}

/** What replaces the form once it was sent. */
export function FormConfirmation({ title, message }: { title: string; message: string }) {
  return (
    <FormBanner tone="success">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{message}</p>
    </FormBanner>
  );
}

/** Why the form was refused, above its fields; nothing when it was not. */
export function FormFailure({ failure }: { failure: string | null }) {
  return failure ? <FormBanner tone="error">{failure}</FormBanner> : null;
}

export function SubmitButton({
  sending,
  children,
  className = '',
}: {
  sending: boolean;
  children: ReactNode;
} & Pick<ComponentPropsWithoutRef<'button'>, 'className'>) {
  return (
    <button
      type="submit"
      disabled={sending}
      className={`${className ? `${className} ` : ''}rounded-lg bg-blue-700 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-blue-800 disabled:opacity-60`}
    >
      {sending ? 'Sending…' : children}
    </button>
  );
}
