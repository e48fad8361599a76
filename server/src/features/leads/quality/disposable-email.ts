/**
 * Throwaway e-mail services, from the community-kept list at github.com/disposable-email-domains (through the
 * disposable-email-domains-js package, updated with it). A match is flagged for staff and movers, never
 * refused: some people use such an address to keep their own private, and still answer a mover.
 */
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';

// The package builds a Set on every call: once is enough.
const DISPOSABLE: ReadonlySet<string> = disposableEmailBlocklistSet();

/** The address's domain when it, or a domain it is under, is on the list. */
export function disposableDomainOf(email: string): string | undefined {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const candidate = labels.slice(i).join('.');
    if (DISPOSABLE.has(candidate)) return candidate;
  }
  return undefined;
}
