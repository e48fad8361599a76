/** The signed-in admin, as the session gate (features/auth) left it for every handler of the admin API. */
import type { Response } from 'express';
import type { AdminLocals } from '../../auth';

export const adminOf = (res: Response) => (res.locals as AdminLocals).admin;
