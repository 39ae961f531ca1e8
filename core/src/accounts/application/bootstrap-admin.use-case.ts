import type { PasswordHasherPort } from '../ports/password-hasher.port';
import type { StaffRepositoryPort } from '../ports/staff-repository.port';

/**
 * The first ADMIN's e-mail: a valid address (the staff form checks the format, so editing the
 * account keeps working) on the reserved `.invalid` domain, which no mail ever reaches. The admin
 * puts their own address in on the staff screen.
 */
export const BOOTSTRAP_ADMIN_EMAIL = 'admin@bootstrap.invalid';

/** With BOOTSTRAP_ADMIN_PASSWORD set and no staff at all, creates the first ADMIN (`admin`, no clinic). */
export class BootstrapAdminUseCase {
  constructor(
    private readonly staffs: StaffRepositoryPort,
    private readonly hasher: PasswordHasherPort,
  ) {}

  async execute(password: string): Promise<'created' | 'skipped'> {
    if ((await this.staffs.count()) > 0) return 'skipped';
    await this.staffs.create({
      employeeNumber: 'admin',
      email: BOOTSTRAP_ADMIN_EMAIL,
      name: '管理者',
      role: 'ADMIN',
      clinicId: null,
      priority: 0,
      passwordHash: await this.hasher.hash(password),
    });
    return 'created';
  }
}
