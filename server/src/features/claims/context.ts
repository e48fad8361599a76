/** What the claim routers are built with: the app's context, and a clock the tests may set. */
import type { AppContext } from '../../app-context';

export interface ClaimsContext extends AppContext {
  /** Epoch ms now; tests pass their own to reach a code's expiry without waiting 30 minutes. */
  now?: () => number;
}

export const clockOf = (ctx: ClaimsContext): (() => number) => ctx.now ?? Date.now;
