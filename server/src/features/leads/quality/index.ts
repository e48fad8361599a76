/** Lead quality (issue 18): the checks on arrival, repeat requests, and the notes staff and movers read. */
export { disposableDomainOf } from './disposable-email';
export { emailKey, findRepeats, REPEAT_WINDOW_DAYS, type Repeat } from './repeats';
export { leadQuality, qualityFlags, qualitySource, type QualitySource } from './lead-quality';
export { arrivalQuality, readStoredQuality, type StoredQuality } from './stored-quality';
export { checkVisitorPhone } from './visitor-phone';
