import { describe, expect, it } from 'vitest';
import { passwordProblem, passwordProblemOffThread, TOO_PREDICTABLE } from './password-policy';

/**
 * Thirty passwords every guessing list tries early (issue 12: the old word list let 12 of such 30 through).
 * Each meets the length rule, most mix cases, digits and symbols: only an estimate of how they are built
 * (a word, a year, a keyboard run, a padding) refuses them.
 */
const COMMON = [
  'Password123!',
  'Welcome2024!',
  'iloveyou1234',
  'qwertyuiop123',
  'Summer2026!!',
  'correcthorse',
  'Winter2025!!',
  'Spring2026!!',
  'Admin@123456',
  'Welcome@2024',
  'P@ssw0rd2024!',
  'Passw0rd!234',
  'Qwerty123456',
  'Letmein12345',
  'Football2024',
  'Baseball1234',
  'Monkey123456',
  'Dragon123456',
  'Sunshine2024',
  'Princess1234',
  'Jennifer2023!',
  'Superman1234',
  'Starwars1234',
  'Trustno1trustno1',
  '1q2w3e4r5t6y',
  'Zaq12wsxcde3',
  'Changeme2024',
  'MoverAtlas2026',
  'Movers123456!',
  'aaaaaaaaaaaa',
];

describe('passwordProblem', () => {
  it('accepts long, unpredictable passwords', () => {
    for (const password of [
      'plum-orbit-kettle-42',
      'quartz lantern meadow 91',
      'Xk7#pq2!Lm9z',
      'orchid-basalt-tram-19',
    ])
      expect(passwordProblem(password, 'ops'), password).toBeUndefined();
  });

  it('refuses passwords shorter than 12 characters', () => {
    expect(passwordProblem('Xk7#pq2!Lm9')).toBe('Password must be at least 12 characters');
  });

  it('refuses all thirty common passwords', () => {
    expect(COMMON).toHaveLength(30);
    const accepted = COMMON.filter((password) => passwordProblem(password) !== TOO_PREDICTABLE);
    expect(accepted).toEqual([]);
  });

  it.each([
    'password1234',
    'PASSWORD123456',
    '123456789012',
    'abcabcabcabc',
    'asdfghjklzxc',
    'adminadmin123',
    'a long passphrase',
  ])('refuses the predictable %s', (password) => {
    expect(passwordProblem(password)).toBe(TOO_PREDICTABLE);
  });

  it('refuses a password built on the username', () => {
    expect(passwordProblem('jordan-the-boss-77', 'Jordan')).toBe(
      'Password must not contain the username',
    );
  });

  it('refuses absurdly long input', () => {
    expect(passwordProblem('x7'.repeat(200))).toMatch(/at most 256/);
  });

  it('gives the same answers off the event loop', async () => {
    expect(await passwordProblemOffThread('Summer2026!!', 'ops')).toBe(TOO_PREDICTABLE);
    expect(await passwordProblemOffThread('copper violin estuary 58', 'ops')).toBeUndefined();
    expect(await passwordProblemOffThread('short')).toBe('Password must be at least 12 characters');
  });
});
