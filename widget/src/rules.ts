/**
 * Everything Continue and the submission need that step 1 does not: the zod rules, the consent text, the
 * wire formats. One lazy chunk, fetched when the browser is idle after step 1 shows (docs/decisions/005).
 */
import './no-eval';
export { validateStep } from './validation';
export { consentIsCurrent, currentConsentText } from './consent';
export { leadAnalyticsFields, sendLeadFields } from './lead-wire';
export { unplacedErrors, unplacedTexts, withPlaces } from './route-places';
export { FALLBACK_MATCHED_COMPANIES } from '@moveratlas/contracts';
