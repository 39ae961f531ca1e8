export { ConsentPanel } from './ConsentPanel';
export type { ConsentPanelProps } from './ConsentPanel';
export { emptyConsent, isUnder18, validateConsent } from './consent-rules';
export type { ConsentField, ConsentMessages, ConsentRules, ConsentValue } from './consent-rules';
