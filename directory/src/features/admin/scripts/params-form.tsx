/**
 * A form generated from a script's parameter schema (JSON Schema from the script's zod schema, sent by the
 * server): a checkbox per boolean, a select per enum, a number field per number (with its bounds), a text
 * field per string. Values are checked here for quick feedback; the server checks them again with the zod
 * schema itself.
 */
import type { ScriptParam, ScriptParamsJsonSchema } from '@moveratlas/contracts';
import { inputClass } from '../../../components/dashboard/classes';

/** The form's state: text as typed for number and text fields, booleans for checkboxes. */
export type ParamValues = Record<string, string | boolean>;
export type ParamErrors = Record<string, string>;

const humanize = (name: string) =>
  name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

export const paramLabel = (name: string, param: ScriptParam) => param.title ?? humanize(name);

export function initialValues(
  schema: ScriptParamsJsonSchema,
  given: Record<string, unknown> = {},
): ParamValues {
  const values: ParamValues = {};
  for (const [name, param] of Object.entries(schema.properties)) {
    const value = given[name] ?? param.default;
    if (param.type === 'boolean') values[name] = value === true;
    else values[name] = value === undefined || value === null ? '' : String(value);
  }
  return values;
}

/** The parameters to send, or what is wrong with each field. */
export function readParams(
  schema: ScriptParamsJsonSchema,
  values: ParamValues,
): { params: Record<string, unknown>; errors: ParamErrors } {
  const params: Record<string, unknown> = {};
  const errors: ParamErrors = {};
  const required = new Set(schema.required ?? []);
  for (const [name, param] of Object.entries(schema.properties)) {
    const label = paramLabel(name, param);
    const value = values[name];
    if (param.type === 'boolean') {
      params[name] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') {
      if (required.has(name) && param.default === undefined) errors[name] = `${label} is required`;
      continue;
    }
    if (param.type === 'integer' || param.type === 'number') {
      const n = Number(text);
      if (!Number.isFinite(n) || (param.type === 'integer' && !Number.isInteger(n))) {
        errors[name] = `${label} must be a ${param.type === 'integer' ? 'whole number' : 'number'}`;
      } else if (param.minimum !== undefined && n < param.minimum) {
        errors[name] = `${label} must be at least ${param.minimum}`;
      } else if (param.maximum !== undefined && n > param.maximum) {
        errors[name] = `${label} must be at most ${param.maximum}`;
      } else params[name] = n;
      continue;
    }
    if (param.enum && !param.enum.includes(text)) errors[name] = `Choose a ${label.toLowerCase()}`;
    else if (param.minLength !== undefined && text.length < param.minLength)
      errors[name] = `${label} must be at least ${param.minLength} characters`;
    else if (param.maxLength !== undefined && text.length > param.maxLength)
      errors[name] = `${label} must be at most ${param.maxLength} characters`;
    else if (param.pattern !== undefined && !new RegExp(param.pattern).test(text))
      errors[name] = `${label} is not in the expected form`;
    else params[name] = text;
  }
  return { params, errors };
}

export function ParamFields({
  schema,
  values,
  errors,
  onChange,
  idPrefix,
}: {
  schema: ScriptParamsJsonSchema;
  values: ParamValues;
  errors: ParamErrors;
  onChange: (values: ParamValues) => void;
  /** Keeps field ids unique when two forms share a page. */
  idPrefix: string;
}) {
  const entries = Object.entries(schema.properties);
  if (entries.length === 0)
    return <p className="text-sm text-slate-600">This script takes no parameters.</p>;
  const required = new Set(schema.required ?? []);
  const set = (name: string, value: string | boolean) => onChange({ ...values, [name]: value });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {entries.map(([name, param]) => {
        const id = `${idPrefix}-${name}`;
        const hintId = param.description ? `${id}-hint` : undefined;
        const errorId = errors[name] ? `${id}-error` : undefined;
        const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
        const label = paramLabel(name, param);
        const hint = param.description ? (
          <p id={hintId} className="mt-1 text-xs text-slate-600">
            {param.description}
          </p>
        ) : null;
        const error = errors[name] ? (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {errors[name]}
          </p>
        ) : null;
        if (param.type === 'boolean')
          return (
            <div key={name} className="sm:col-span-2">
              <div className="flex items-start gap-3">
                <input
                  id={id}
                  name={name}
                  type="checkbox"
                  checked={values[name] === true}
                  onChange={(e) => set(name, e.target.checked)}
                  aria-describedby={describedBy}
                  className="mt-0.5 h-5 w-5 rounded border-slate-300 text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-700"
                />
                <div>
                  <label htmlFor={id} className="text-sm font-medium text-slate-800">
                    {label}
                  </label>
                  {hint}
                </div>
              </div>
              {error}
            </div>
          );
        const common = {
          id,
          name,
          value: String(values[name] ?? ''),
          'aria-describedby': describedBy,
          'aria-invalid': errors[name] ? true : undefined,
          required: required.has(name) && param.default === undefined,
          className: inputClass,
        };
        return (
          <div key={name}>
            <label htmlFor={id} className="block text-sm font-medium text-slate-800">
              {label}
            </label>
            {param.enum ? (
              <select {...common} onChange={(e) => set(name, e.target.value)}>
                {param.default === undefined ? <option value="">Choose…</option> : null}
                {param.enum.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : param.type === 'integer' || param.type === 'number' ? (
              <input
                {...common}
                type="number"
                inputMode={param.type === 'integer' ? 'numeric' : 'decimal'}
                min={param.minimum}
                max={param.maximum}
                step={param.type === 'integer' ? 1 : 'any'}
                onChange={(e) => set(name, e.target.value)}
              />
            ) : (
              <input
                {...common}
                type="text"
                maxLength={param.maxLength}
                onChange={(e) => set(name, e.target.value)}
              />
            )}
            {hint}
            {error}
          </div>
        );
      })}
    </div>
  );
}
