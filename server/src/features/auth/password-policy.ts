/**
 * What a new admin password must be (ADMIN_PASSWORD, `npm run admin`, the Settings screen): 12 to 256
 * characters (NIST SP 800-63B's floor for a password that is the only factor is 8, OWASP's 12 without MFA
 * here), not containing the username, and strong by a real estimator: zxcvbn (password-strength.mjs) must
 * put it at 10^10 guesses or more, its score 4.
 *
 * Why score 4 rather than 3: the admin password is the only thing between the internet and every lead's
 * personal data, and zxcvbn's own scale calls 3 "moderate protection from an offline slow-hash attack" and 4
 * "strong". Score 3 also lets through exactly what password sprayers try first: "Summer2026!!",
 * "Winter2025!!", "Admin@123456" all estimate at 10^8 (score 3). Three or four unrelated words, or 12 random
 * characters, reach 4 easily.
 *
 * The estimate costs tens of milliseconds, up to a second for a long crafted one: requests use
 * passwordProblemOffThread, which runs it in a worker thread (strength-worker.ts); the start-up check and the command line,
 * which have no event loop to keep free, use passwordProblem.
 */
import { guessesLog10 } from './password-strength.mjs';
import { estimateOffThread } from './strength-worker';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;
/** zxcvbn's score 4. */
export const MIN_GUESSES_LOG10 = 10;
/** Words everyone knows are this site's: a password built on them is guessed early. */
const SITE_WORDS = ['moveratlas', 'mover', 'movers', 'moving', 'admin', 'administrator'];

export const TOO_PREDICTABLE = 'Password is too common or predictable; choose another';

/** The rules that need no estimate; undefined when they pass. */
function ruleProblem(password: string, username: string | undefined): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  const name = username?.trim().toLowerCase();
  if (name && name.length >= 3 && password.toLowerCase().includes(name))
    return 'Password must not contain the username';
  return undefined;
}

const userInputs = (username: string | undefined) =>
  username ? [username.trim().toLowerCase(), ...SITE_WORDS] : SITE_WORDS;

const judge = (log10: number) => (log10 >= MIN_GUESSES_LOG10 ? undefined : TOO_PREDICTABLE);

/** Why `password` is not acceptable as a new admin password, or undefined when it is. Blocks while it estimates. */
export function passwordProblem(password: string, username?: string): string | undefined {
  return ruleProblem(password, username) ?? judge(guessesLog10(password, userInputs(username)));
}

/** passwordProblem for request handlers: the same answer, with the estimate in a worker thread. */
export async function passwordProblemOffThread(
  password: string,
  username?: string,
): Promise<string | undefined> {
  return (
    ruleProblem(password, username) ??
    judge(await estimateOffThread(password, userInputs(username)))
  );
}
