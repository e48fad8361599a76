import { describe, expect, it } from 'vitest';
import { ClaimEvidenceFieldsSchema, ClaimVerifySchema, maskEmail } from './claims';

describe('claims', () => {
  it('masks the listing’s address but keeps its domain', () => {
    expect(maskEmail('jane@acme.com')).toBe('j***@acme.com');
    expect(maskEmail('j@acme.com')).toBe('j***@acme.com');
    expect(maskEmail('nonsense')).toBe('***');
  });

  it('reads a code typed with spaces or a dash, and says plainly when it is not 6 digits', () => {
    const parsed = ClaimVerifySchema.parse({
      email: ' Rosa@Example.COM ',
      code: '123 456',
      password: 'x',
    });
    expect(parsed).toEqual({ email: 'rosa@example.com', code: '123456', password: 'x' });
    const wrong = ClaimVerifySchema.safeParse({ email: 'a@b.co', code: '12a456', password: 'x' });
    expect(wrong.error?.issues[0]?.message).toBe('The code has 6 digits');
  });

  it('reads "USDOT 1234567" as the digits and names each missing field', () => {
    const ok = ClaimEvidenceFieldsSchema.parse({
      name: 'Sam Ortiz',
      email: 'sam@example.com',
      phone: '1 (512) 555-0199',
      role: 'owner',
      usdotNumber: 'USDOT 1234567',
      message: 'We bought the company.',
    });
    expect(ok).toMatchObject({ phone: '5125550199', usdotNumber: '1234567' });
    const empty = ClaimEvidenceFieldsSchema.safeParse({});
    expect(empty.error?.issues.map((i) => i.message)).toEqual([
      'Your name is required',
      'Your e-mail address is required',
      'Phone number is required',
      'Choose your role at the company',
      'USDOT number is required',
      'A message is required',
    ]);
  });
});
