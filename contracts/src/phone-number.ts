/**
 * US phone numbers, read by libphonenumber-js (Google's numbering plan data): the directory's format for a
 * mover's number, and the rule a visitor's number must meet before a lead reaches any mover (issue 18).
 * The widget checks only the ten digits as the visitor types (the library's data would triple its contact
 * step); the server applies this rule and the widget shows its words.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A US phone number in any common format ("512 555 0142", "+1 (512) 555-0142") as the directory writes it,
 * "(512) 555-0142"; undefined when it is not a valid US number.
 */
export function formatUsPhone(value: string): string | undefined {
  if (value.length > 40) return undefined;
  const phone = parsePhoneNumberFromString(value, 'US');
  if (!phone || phone.country !== 'US' || !phone.isValid()) return undefined;
  return phone.formatNational();
}

/**
 * 555-0100 to 555-0199 in any area code: the range the North American Numbering Plan keeps for fiction, which
 * no line ever answers. The sample data uses it; a visitor's request cannot.
 */
export function isFictionalUsPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return ten.length === 10 && /^\d{3}55501\d{2}$/.test(ten);
}

/** Why a visitor's phone number cannot be used, in the visitor's words; null when it can. */
export function visitorPhoneProblem(value: string): string | null {
  if (isFictionalUsPhone(value))
    return 'Phone number 555-01xx is a made-up number that no mover can call. Please enter your own phone number.';
  if (formatUsPhone(value) === undefined)
    return 'Phone number is not a US phone number in use. Please check the area code and the number.';
  return null;
}
