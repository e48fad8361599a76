import { z } from 'zod';
import { fieldLabel } from './text';

/**
 * A whole-number query parameter: query parameters arrive as strings, so this coerces and bounds one and
 * names it in the message when it is wrong. Missing or empty is `fallback`.
 */
export const intParam = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (!/^\d+$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: `${fieldLabel(name)} must be a whole number` });
        return z.NEVER;
      }
      const n = Number(value);
      if (n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${fieldLabel(name)} must be between ${min} and ${max}`,
        });
        return z.NEVER;
      }
      return n;
    });

/**
 * A record's id in a URL path (/api/admin/jobs/:id): a positive whole number, read from the string the
 * path carries, and no larger than JavaScript holds exactly. `what` names it in the message ("job", "lead").
 */
export const idParam = (what?: string) => {
  const message = `The ${what ? `${what} ` : ''}id must be a positive whole number`;
  return z
    .string()
    .regex(/^[1-9]\d{0,15}$/, message)
    .transform(Number)
    .refine(Number.isSafeInteger, message);
};
