/** The quote form state turned into the two submission bodies of spec 7.3.2 and 7.3.3 (plus our additions). */
import {
  CONSENT_VERSION,
  DEFAULT_SMS_PHONE_VALIDATION,
  HONEYPOT_FIELD,
  WEBSITE_VERSION,
  formatMoveDate,
  phoneDigits,
  quoteAliases,
  sizeToRooms,
  type LeadAnalyticsBody,
  type QuoteFormState,
  type SendLeadBody,
} from '@moveratlas/contracts';

export interface PageContext {
  site: string;
  pageUrl: string;
  referrer: string;
  origin: string;
}

export function onInvalidMoveDate(value: string): void {
  console.warn(`[MoverAtlas] invalid move date "${value}" sent empty`);
}

function quoteDetails(form: QuoteFormState): string {
  if (!form.needsAutoTransport) return 'Auto transport: no';
  return `Auto transport: yes; ${form.autoYear.trim()} ${form.autoMake.trim()} ${form.autoModel.trim()} (${form.autoCondition.trim()})`;
}

/** POST /api/proxy/send_lead: spec 7.3.2's fields in order, then ours. */
export function sendLeadFields(
  form: QuoteFormState,
  page: PageContext,
  consent: { text: string; honeypot: string },
): SendLeadBody {
  const alias = quoteAliases(form);
  return {
    source: 'moveratlas-widget',
    referrer: page.referrer,
    url: page.pageUrl,
    from_zip: alias.fromZip.trim(),
    from_city: alias.fromCity,
    from_state: alias.fromState,
    from_location: form.movingFrom.trim(),
    to_zip: alias.toZip.trim(),
    to_city: alias.toCity,
    to_state: alias.toState,
    to_location: form.movingTo.trim(),
    move_date: formatMoveDate(alias.moveDate, onInvalidMoveDate),
    number_of_rooms: String(sizeToRooms(alias.homeSize)),
    first_name: form.firstName.trim(),
    last_name: form.lastName.trim(),
    email_address: form.email.trim(),
    phone_number: phoneDigits(form.phone),
    lead_uuid: form.leadUuid,
    lead_new_id: '',
    sms_phone_validation: DEFAULT_SMS_PHONE_VALIDATION,
    sms_phone_validation_status: '',
    website: page.site,
    website_version: WEBSITE_VERSION,
    trustedformcerturl: '',
    trustedformtoken: '',
    phone_verification_information: '',
    phone_verification_risk_score: '',
    phone_verification_phone_type: '',
    moving_quote_details: quoteDetails(form),
    move_size: form.moveSize,
    session_id: form.sessionId,
    ping_id: form.pingId,
    needs_auto_transport: form.needsAutoTransport ? '1' : '0',
    auto_year: form.needsAutoTransport ? form.autoYear.trim() : '',
    auto_make: form.needsAutoTransport ? form.autoMake.trim() : '',
    auto_model: form.needsAutoTransport ? form.autoModel.trim() : '',
    auto_condition: form.needsAutoTransport ? form.autoCondition.trim() : '',
    selected_companies: JSON.stringify(form.selectedCompanies),
    consent_version: CONSENT_VERSION,
    consent_text: consent.text,
    consent_checked: '1',
    [HONEYPOT_FIELD]: consent.honeypot,
  };
}

/**
 * POST /api/proxy/lead_send_bq: the analytics copy, lead_ prefixed. It carries the honeypot too, so the copy
 * of a bot's lead is dropped like the lead itself.
 */
export function leadAnalyticsFields(
  form: QuoteFormState,
  page: PageContext,
  leadId: string,
  honeypot: string,
): LeadAnalyticsBody {
  const alias = quoteAliases(form);
  return {
    lead_uuid: form.leadUuid,
    lead_mmex_lead_id: leadId,
    lead_ip_address: form.ipAddress,
    lead_origin: page.origin,
    lead_ref: page.referrer,
    lead_first_name: form.firstName.trim(),
    lead_last_name: form.lastName.trim(),
    lead_email: form.email.trim(),
    lead_phone: phoneDigits(form.phone),
    lead_from_zip: alias.fromZip.trim(),
    lead_from_city: alias.fromCity,
    lead_from_state: alias.fromState,
    lead_from_location: form.movingFrom.trim(),
    lead_from_country: 'US',
    lead_to_zip: alias.toZip.trim(),
    lead_to_city: alias.toCity,
    lead_to_state: alias.toState,
    lead_to_location: form.movingTo.trim(),
    lead_to_country: 'US',
    lead_size: alias.homeSize,
    lead_move_date: formatMoveDate(alias.moveDate),
    lead_comments: quoteDetails(form),
    lead_sms_phone_validation: DEFAULT_SMS_PHONE_VALIDATION,
    lead_sms_phone_validation_status: '',
    lead_website: page.site,
    lead_website_version: WEBSITE_VERSION,
    lead_trustedformcerturl: '',
    lead_trustedformtoken: '',
    [HONEYPOT_FIELD]: honeypot,
  };
}
