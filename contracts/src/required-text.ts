/** The length rules of a required text field, written once for every form schema that has one. */
import { z } from 'zod';
import { fieldLabel } from './text';

/** A required, trimmed string of `min`–`max` characters; each message names the field as `field`. */
export const requiredText = (field: string, min: number, max: number) =>
  z
    .string({ message: `${fieldLabel(field)} is required` })
    .trim()
    .min(1, `${fieldLabel(field)} is required`)
    .min(min, `${fieldLabel(field)} must be at least ${min} characters`)
    .max(max, `${fieldLabel(field)} must be at most ${max} characters`);
