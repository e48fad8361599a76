import { describe, expect, it } from 'vitest';
import {
  MOVE_DATE_PASSED,
  MOVE_DATE_UNREADABLE,
  addMonths,
  anyZoneMoveDateWindow,
  isoCalendarDate,
  moveDateIssue,
  moveDateWindow,
  readMoveDate,
} from './move-date';
import { SendLeadFormSchema, quoteStepSchemas } from './lead';

const window = moveDateWindow({ year: 2026, month: 11, day: 27 });

describe('moving dates (issue 15)', () => {
  it('reads date inputs and the lead wire, and only real days', () => {
    expect(readMoveDate('2027-06-15')).toEqual({ year: 2027, month: 6, day: 15 });
    expect(readMoveDate(' 06/15/2027 ')).toEqual({ year: 2027, month: 6, day: 15 });
    expect(readMoveDate('2027-02-29')).toBeUndefined();
    expect(readMoveDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(readMoveDate('13/01/2027')).toBeUndefined();
    expect(readMoveDate('next Tuesday')).toBeUndefined();
  });

  it('takes today through 18 months ahead, and nothing outside', () => {
    expect(isoCalendarDate(window.last)).toBe('2028-05-27');
    expect(moveDateIssue('2026-11-27', window)).toBeUndefined();
    expect(moveDateIssue('05/27/2028', window)).toBeUndefined();
    expect(moveDateIssue('2026-11-26', window)).toBe(MOVE_DATE_PASSED);
    expect(moveDateIssue('2028-05-28', window)).toBe(
      'Please choose a moving date within the next 18 months (by May 27, 2028).',
    );
    expect(moveDateIssue('2099-01-01', window)).toMatch(/within the next 18 months/);
    expect(moveDateIssue('2026-02-30', window)).toBe(MOVE_DATE_UNREADABLE);
    // Empty is the "required" rule's to report.
    expect(moveDateIssue('', window)).toBeUndefined();
  });

  it('ends a month short of the day on its last day', () => {
    expect(addMonths({ year: 2026, month: 8, day: 31 }, 18)).toEqual({
      year: 2028,
      month: 2,
      day: 29,
    });
  });

  it('on the server, counts from the earliest today anywhere to 18 months after the latest', () => {
    // 02:00 UTC on 27 November: still the 26th in Hawaii (UTC−10), already the 27th in Tonga.
    const server = anyZoneMoveDateWindow(new Date('2026-11-27T02:00:00Z'));
    expect(isoCalendarDate(server.first)).toBe('2026-11-26');
    expect(isoCalendarDate(server.last)).toBe('2028-05-27');
    expect(moveDateIssue('2026-11-26', server)).toBeUndefined();
    expect(moveDateIssue('2026-11-25', server)).toBe(MOVE_DATE_PASSED);
  });
});

describe('the schemas use the rule', () => {
  const iso = (daysAhead: number) => {
    const day = new Date();
    day.setDate(day.getDate() + daysAhead);
    return isoCalendarDate({
      year: day.getFullYear(),
      month: day.getMonth() + 1,
      day: day.getDate(),
    });
  };

  it('step 2 refuses yesterday and 2099 with the visitor-facing message', () => {
    const step2 = quoteStepSchemas()[2];
    expect(step2.safeParse({ movingDate: iso(0) }).success).toBe(true);
    expect(step2.safeParse({ movingDate: iso(30) }).success).toBe(true);
    const past = step2.safeParse({ movingDate: iso(-1) });
    expect(past.error?.issues.map((i) => i.message)).toEqual([MOVE_DATE_PASSED]);
    const far = step2.safeParse({ movingDate: '2099-06-15' });
    expect(far.error?.issues[0]?.message).toMatch(/^Please choose a moving date within the next/);
  });

  it('send_lead refuses a date two days past and one in 2099', () => {
    const issue = (move_date: string) =>
      SendLeadFormSchema.safeParse({ move_date }).error?.issues.find(
        (i) => i.path[0] === 'move_date',
      )?.message;
    expect(issue(iso(-2))).toBe(MOVE_DATE_PASSED);
    expect(issue('06/15/2099')).toMatch(/within the next 18 months/);
    expect(issue(iso(10))).toBeUndefined();
  });
});
