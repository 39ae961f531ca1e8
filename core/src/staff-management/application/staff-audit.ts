import type { Staff } from '../../accounts/domain/staff.entity';

/** A staff account as the audit trail records it: never the password hash. */
export const auditedStaff = ({ passwordHash, ...staff }: Staff) => ({ ...staff, hasPassword: passwordHash !== null });
