export { FormStatusBadge, visitFormStatus } from './FormStatusBadge';
export type { FormStatusBadgeProps, FormStatusKind } from './FormStatusBadge';
