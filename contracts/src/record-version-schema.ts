/** The version a save of a versioned admin record was based on (docs/decisions/028). */
import { z } from 'zod';

export const recordVersion = z
  .number({ message: 'The record’s version is required: reload it and save again' })
  .int('The record’s version must be a whole number')
  .min(1, 'The record’s version must be at least 1');
