/** The version a save of a versioned admin record was based on (docs/decisions/028). */
import { z } from 'zod';

export const recordVersion = z
  .number({ message: 'version is required: reload the record and save again' })
  .int('version must be a whole number')
  .min(1, 'version must be at least 1');
