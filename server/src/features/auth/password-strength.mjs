/**
 * The password strength estimate: zxcvbn-ts with its common and English dictionaries (tens of thousands of
 * leaked passwords, names and words, shipped inside the packages: nothing is downloaded). Plain JavaScript so
 * that a worker thread can load it on every Node version the server supports (Node 20 runs no TypeScript in
 * a worker); password-policy.ts decides what the estimate means.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/**
 * Only this much of a password is estimated: the estimate's cost grows steeply with length (seconds for a
 * 256-character one), and 64 characters that are not predictable make a strong password whatever follows.
 */
export const ESTIMATED_LENGTH = 64;

/** @type {ZxcvbnFactory | undefined} */
let factory;
// Built at first use: the dictionaries take a few hundred milliseconds to rank.
const estimator = () =>
  (factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    maxLength: ESTIMATED_LENGTH,
  }));

/**
 * log10 of the guesses an attacker would need, by zxcvbn's model: the lower of the password as typed and
 * with its spaces taken out (crackers join words with and without them; "pass word 1234" is no better).
 * @param {string} password
 * @param {string[]} userInputs words that say nothing secret here (the username, the product's name)
 * @returns {number}
 */
export function guessesLog10(password, userInputs) {
  const zxcvbn = estimator();
  const forms = new Set([password, password.replace(/\s+/g, '')]);
  return Math.min(...[...forms].map((form) => zxcvbn.check(form, userInputs).guessesLog10));
}
