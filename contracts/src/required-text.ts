/** The length rules of a required text field, written once for every form schema that has one. */
import { z } from 'zod';

/** A required, trimmed string of `min`–`max` characters; each message names the field as `field`. */
export const requiredText = (field: string, min: number, max: number) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .min(min, `${field} must be at least ${min} characters`)
    .max(max, `${field} must be at most ${max} characters`);
