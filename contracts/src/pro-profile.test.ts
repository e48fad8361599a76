import { describe, expect, it } from 'vitest';
import { PhotoOrderSchema, ProProfileUpdateSchema } from './pro-profile';
import { formatUsPhone } from './phone-number';
import { parseWeeklyHours, WeeklyHoursSchema } from './company-hours-schema';
import { dayHoursText } from './company-hours';

const week = {
  mon: { open: '08:00', close: '17:30' },
  tue: { open: '08:00', close: '17:30' },
  wed: null,
  thu: { open: '07:00', close: '19:00' },
  fri: { open: '08:00', close: '17:30' },
  sat: { open: '09:00', close: '13:00' },
  sun: null,
};

describe('the profile editor’s rules', () => {
  it('writes a US phone number one way, whatever way it is typed', () => {
    expect(formatUsPhone('512 555 0142')).toBe('(512) 555-0142');
    expect(formatUsPhone('+1 (512) 555-0142')).toBe('(512) 555-0142');
    expect(formatUsPhone('512.555.0142')).toBe('(512) 555-0142');
    expect(formatUsPhone('555 0142')).toBeUndefined();
    expect(formatUsPhone('+44 20 7946 0958')).toBeUndefined();
    expect(formatUsPhone('(123) 456-7890')).toBeUndefined();
  });

  it('takes a week of hours and refuses a day that closes before it opens', () => {
    expect(WeeklyHoursSchema.parse(week)).toEqual(week);
    const backwards = WeeklyHoursSchema.safeParse({
      ...week,
      mon: { open: '18:00', close: '09:00' },
    });
    expect(backwards.error?.issues[0]?.message).toBe(
      'Monday: the closing time must be after the opening time',
    );
    const noon = WeeklyHoursSchema.safeParse({ ...week, tue: { open: '12 noon', close: '17:00' } });
    expect(noon.error?.issues[0]?.message).toBe(
      'Tuesday: the opening time must be a time such as 08:00',
    );
    expect(WeeklyHoursSchema.safeParse({ mon: null }).success).toBe(false);
  });

  it('says a day’s hours in words', () => {
    expect(dayHoursText({ open: '08:00', close: '17:30' })).toBe('8:00 AM – 5:30 PM');
    expect(dayHoursText({ open: '00:00', close: '12:15' })).toBe('12:00 AM – 12:15 PM');
    expect(dayHoursText(null)).toBe('Closed');
  });

  it('reads stored hours back, and nothing from what is not a week', () => {
    expect(parseWeeklyHours(JSON.stringify(week))).toEqual(week);
    expect(parseWeeklyHours('{"mon":1}')).toBeNull();
    expect(parseWeeklyHours('not json')).toBeNull();
    expect(parseWeeklyHours(null)).toBeNull();
  });

  it('checks a save with the admin form’s words, and the phone with libphonenumber', () => {
    const ok = ProProfileUpdateSchema.parse({
      version: 3,
      description: 'We move Austin.',
      phone: '512-555-0142',
      website: 'crew.example.com',
      services: ['local-moving', 'Piano Moving'],
      service_radius_miles: '50',
      hours: week,
    });
    expect(ok).toMatchObject({
      phone: '(512) 555-0142',
      website: 'https://crew.example.com',
      services: ['local-moving', 'piano-moving'],
      service_radius_miles: 50,
    });
    expect(ok.name).toBeUndefined();
    const bad = ProProfileUpdateSchema.safeParse({
      version: 3,
      phone: '12345',
      website: 'not a site',
      usdot_number: 'abc',
    });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'USDOT number must be 1 to 8 digits',
      'Phone must be a US phone number, such as (512) 555-0142',
      'Website must be a web address such as https://example.com',
    ]);
    expect(ProProfileUpdateSchema.safeParse({ version: 3, slug: 'x' }).success).toBe(false);
    expect(ProProfileUpdateSchema.safeParse({ description: 'x' }).error?.issues[0]?.message).toBe(
      'The record’s version is required: reload it and save again',
    );
  });

  it('takes a photo order that names each photo once', () => {
    expect(PhotoOrderSchema.parse({ ids: [3, 1, 2] })).toEqual({ ids: [3, 1, 2] });
    expect(PhotoOrderSchema.safeParse({ ids: [3, 3] }).error?.issues[0]?.message).toBe(
      'Each photo may be named once',
    );
  });
});
