/**
 * Builds the exact bodies the lead backend receives (spec 7.3.2 and 7.3.3) from what the widget sent: rooms by
 * the section 3 mapping, the date as MM/DD/YYYY, SMS validation 1 unless told otherwise, the site id as
 * `website` and version 1.0. Built once at intake and stored, so every retry sends the same bytes.
 */
import {
  DEFAULT_SMS_PHONE_VALIDATION,
  formatMoveDate,
  LEAD_ANALYTICS_FIELDS,
  phoneDigits,
  SEND_LEAD_FIELDS,
  sizeToRooms,
  WEBSITE_VERSION,
  type LeadAnalyticsField,
  type LeadAnalyticsForm,
  type LeadAnalyticsWire,
  type SendLeadForm,
  type SendLeadWire,
} from '@moveratlas/contracts';

/** The default `source` when the widget names none. */
export const LEAD_SOURCE = 'moveratlas-widget';

export function numberOfRooms(form: Pick<SendLeadForm, 'move_size' | 'number_of_rooms'>): number {
  if (form.move_size.trim() !== '') return sizeToRooms(form.move_size);
  if (form.number_of_rooms !== '') return Number(form.number_of_rooms);
  return sizeToRooms('');
}

/**
 * The backend has no vehicle or mover fields: the auto-transport step and the movers chosen on step 5 travel in
 * the quote details. The movers line is what lets the backend keep our promise that a request goes only to the
 * movers the visitor chose (issue 15, docs/decisions/024).
 */
function quoteDetails(form: SendLeadForm): string {
  const lines = [form.moving_quote_details.trim()];
  if (form.needs_auto_transport) {
    const car = `${form.auto_year.trim()} ${form.auto_make.trim()} ${form.auto_model.trim()}`;
    // The widget may have described the vehicle itself; say it once.
    if (!lines[0]!.includes(car))
      lines.push(`Auto transport: ${car} (${form.auto_condition.trim()})`);
  }
  if (form.selected_companies.length > 0)
    lines.push(`${CHOSEN_MOVERS_PREFIX}${moverList(form.selected_companies)}`);
  return lines.filter(Boolean).join('\n');
}

/** The quote details' line naming the movers the visitor chose: no other mover may receive the request. */
export const CHOSEN_MOVERS_PREFIX = 'Send only to the movers the visitor chose: ';

const moverList = (companies: SendLeadForm['selected_companies']) =>
  companies.map((c) => `${c.name} (id ${String(c.id)})`).join('; ');

export function sendLeadWire(
  form: SendLeadForm,
  siteId: string,
  publicId: string,
  onInvalidDate?: (value: string) => void,
): SendLeadWire {
  const values: SendLeadWire = {
    source: form.source.trim() || LEAD_SOURCE,
    referrer: form.referrer,
    url: form.url,
    from_zip: form.from_zip.trim(),
    from_city: form.from_city.trim(),
    from_state: form.from_state.trim(),
    from_location: form.from_location.trim(),
    to_zip: form.to_zip.trim(),
    to_city: form.to_city.trim(),
    to_state: form.to_state.trim(),
    to_location: form.to_location.trim(),
    move_date: formatMoveDate(form.move_date, onInvalidDate),
    number_of_rooms: String(numberOfRooms(form)),
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    email_address: form.email_address.trim(),
    phone_number: phoneDigits(form.phone_number),
    lead_uuid: form.lead_uuid,
    lead_new_id: form.lead_new_id.trim() || publicId,
    sms_phone_validation: form.sms_phone_validation || DEFAULT_SMS_PHONE_VALIDATION,
    sms_phone_validation_status: form.sms_phone_validation_status,
    website: siteId,
    website_version: WEBSITE_VERSION,
    trustedformcerturl: form.trustedformcerturl,
    trustedformtoken: form.trustedformtoken,
    phone_verification_information: form.phone_verification_information,
    phone_verification_risk_score: form.phone_verification_risk_score,
    phone_verification_phone_type: form.phone_verification_phone_type,
    moving_quote_details: quoteDetails(form),
  };
  // Exactly the 7.3.2 fields, in the backend's order.
  return Object.fromEntries(SEND_LEAD_FIELDS.map((f) => [f, values[f]])) as SendLeadWire;
}

export function analyticsWire(
  form: LeadAnalyticsForm,
  context: { siteId: string; ip: string; origin: string | undefined },
): LeadAnalyticsWire {
  const values = { ...form } as Record<string, string>;
  values.lead_ip_address = context.ip;
  values.lead_origin = form.lead_origin || context.origin || '';
  values.lead_from_country = 'US';
  values.lead_to_country = 'US';
  values.lead_website = context.siteId;
  values.lead_website_version = WEBSITE_VERSION;
  values.lead_sms_phone_validation = form.lead_sms_phone_validation || DEFAULT_SMS_PHONE_VALIDATION;
  if (form.lead_move_date.trim() !== '')
    values.lead_move_date = formatMoveDate(form.lead_move_date);
  return Object.fromEntries(
    LEAD_ANALYTICS_FIELDS.map((f) => [`lead_${f}`, values[`lead_${f}`] ?? '']),
  ) as Record<LeadAnalyticsField, string>;
}
