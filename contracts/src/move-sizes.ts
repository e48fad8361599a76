import { z } from 'zod';

// The options themselves live apart from the schema, so that pages showing them do not load zod.
export * from './move-size-options';

export const MoveSizeIdSchema = z.enum(['studio', '2-3br', '4br', 'commercial']);
