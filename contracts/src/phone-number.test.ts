import { describe, expect, it } from 'vitest';
import { formatUsPhone, isFictionalUsPhone, visitorPhoneProblem } from './phone-number';

describe('US phone numbers', () => {
  it.each([
    ['(312) 555-0100', true],
    ['312-555-0199', true],
    ['+1 312 555 0142', true],
    ['13125550142', true],
    ['(312) 555-0200', false],
    ['(312) 555-1212', false],
    ['(312) 744-0142', false],
    ['555-0142', false],
  ])('reads %s as fictional: %s', (value, fictional) => {
    expect(isFictionalUsPhone(value)).toBe(fictional);
  });

  it('takes a number in use from a visitor, in any common format', () => {
    for (const value of ['(312) 744-2368', '312.744.2368', '+1 312 744 2368', '13127442368'])
      expect(visitorPhoneProblem(value)).toBeNull();
    expect(formatUsPhone('+1 312 744 2368')).toBe('(312) 744-2368');
  });

  it('refuses the fictional range and numbers no line can have, in words', () => {
    expect(visitorPhoneProblem('(312) 555-0142')).toBe(
      'Phone number 555-01xx is a made-up number that no mover can call. Please enter your own phone number.',
    );
    // No area code starts with 1; 999 is not in service.
    for (const value of ['(123) 456-7890', '(999) 744-2368', '+44 20 7946 0958'])
      expect(visitorPhoneProblem(value)).toBe(
        'Phone number is not a US phone number in use. Please check the area code and the number.',
      );
  });
});
