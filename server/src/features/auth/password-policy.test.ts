import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy';

describe('passwordProblem', () => {
  it('accepts a long, unpredictable password', () => {
    expect(passwordProblem('plum-orbit-kettle-42', 'ops')).toBeUndefined();
    expect(passwordProblem('a long passphrase')).toBeUndefined();
  });

  it('refuses passwords shorter than 12 characters', () => {
    expect(passwordProblem('Xk7#pq2!Lm9')).toBe('Password must be at least 12 characters');
  });

  it.each([
    'password1234',
    'PASSWORD123456',
    '!!password!!2024',
    'qwertyuiop123',
    'Correct Horse Battery Staple',
    '123456789012',
    'aaaaaaaaaaaa',
    'abcabcabcabc',
    'asdfghjklzxc',
    'adminadmin123',
  ])('refuses the common or predictable %s', (password) => {
    expect(passwordProblem(password)).toBe('Password is too common or predictable; choose another');
  });

  it('refuses a password that contains the username', () => {
    expect(passwordProblem('jordan-the-boss-77', 'Jordan')).toBe(
      'Password must not contain the username',
    );
  });

  it('refuses absurdly long input', () => {
    expect(passwordProblem('x7'.repeat(200))).toMatch(/at most 256/);
  });
});
