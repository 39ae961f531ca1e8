import type { PasswordHasherPort } from '../ports/password-hasher.port';
import type { StaffRepositoryPort } from '../ports/staff-repository.port';

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
      email: 'admin@localhost',
      name: '管理者',
      role: 'ADMIN',
      clinicId: null,
      priority: 0,
      passwordHash: await this.hasher.hash(password),
    });
    return 'created';
  }
}
