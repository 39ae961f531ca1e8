import {
  DomainRuleViolation,
  isEmailLike,
  type MailMessage,
  type MailOutboxPort,
  type MailPort,
  type NewStaff,
  type OutboxMail,
  type RedeemOutcome,
  type SecretTokensPort,
  type Staff,
  type StaffChanges,
  type StaffReferencesPort,
  type StaffRepositoryPort,
  type StaffToken,
  type StaffTokenRepositoryPort,
} from '@clinic/core';
import { createHash } from 'node:crypto';

/** In-memory twins of the staff management ports (test/contracts checks them against the Knex ones). */
const sequence = () => {
  let next = 1;
  return () => String(next++);
};

interface StaffRow extends Staff {
  deletedAt: Date | null;
}

const byPriority = (a: Staff, b: Staff) => a.priority - b.priority || Number(a.id) - Number(b.id);
const strip = ({ deletedAt: _deletedAt, ...staff }: StaffRow): Staff => staff;

export class InMemoryStaffRepository implements StaffRepositoryPort {
  private readonly rows = new Map<string, StaffRow>();
  private readonly menus = new Map<string, string[]>();
  private readonly nextId = sequence();

  private live(): StaffRow[] {
    return [...this.rows.values()].filter((row) => row.deletedAt === null);
  }

  async findById(id: string): Promise<Staff | null> {
    const row = this.rows.get(id);
    return row && row.deletedAt === null ? strip(row) : null;
  }

  async findByLoginIdentifier(identifier: string): Promise<Staff | null> {
    const email = isEmailLike(identifier);
    const row = this.live().find((staff) => (email ? staff.email.toLowerCase() === identifier.toLowerCase() : staff.employeeNumber === identifier));
    return row ? strip(row) : null;
  }

  async create(staff: NewStaff): Promise<Staff> {
    this.assertFree(staff, null);
    const created: StaffRow = { ...staff, id: this.nextId(), deletedAt: null };
    this.rows.set(created.id, created);
    return strip(created);
  }

  async count(): Promise<number> {
    return this.live().length;
  }

  async list(filter: { readonly clinicId?: string | null } = {}): Promise<Staff[]> {
    return this.live()
      .filter((staff) => filter.clinicId === undefined || staff.clinicId === filter.clinicId)
      .sort(byPriority)
      .map(strip);
  }

  async update(id: string, changes: StaffChanges): Promise<Staff | null> {
    const row = this.rows.get(id);
    if (!row || row.deletedAt !== null) return null;
    this.assertFree(changes, id);
    const updated: StaffRow = { ...row, ...changes };
    this.rows.set(id, updated);
    return strip(updated);
  }

  async softDelete(id: string, at: Date): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.deletedAt !== null) return false;
    this.rows.set(id, { ...row, deletedAt: at });
    this.onDelete?.(id, at);
    return true;
  }

  async setPriorities(orderedIds: readonly string[]): Promise<void> {
    orderedIds.forEach((id, priority) => {
      const row = this.rows.get(id);
      if (row) this.rows.set(id, { ...row, priority });
    });
  }

  async menuIds(staffIds: readonly string[]): Promise<Map<string, string[]>> {
    return new Map(staffIds.map((id) => [id, [...(this.menus.get(id) ?? [])].sort((a, b) => Number(a) - Number(b))]));
  }

  async setMenus(staffId: string, menuIds: readonly string[]): Promise<void> {
    if (this.rows.has(staffId)) this.menus.set(staffId, [...new Set(menuIds)]);
  }

  /** Whether the row exists, soft-deleted or not (what a foreign key to `staffs` sees). */
  exists(id: string): boolean {
    return this.rows.has(id);
  }

  /** For the token twin: sets the password of a live staff member. */
  setPasswordHash(id: string, passwordHash: string): boolean {
    const row = this.rows.get(id);
    if (!row || row.deletedAt !== null) return false;
    this.rows.set(id, { ...row, passwordHash });
    return true;
  }

  /** Called when a staff member is deleted (the token twin revokes their tokens). */
  onDelete: ((id: string, at: Date) => void) | null = null;

  private assertFree(staff: Pick<Staff, 'employeeNumber' | 'email'>, except: string | null): void {
    for (const other of this.live()) {
      if (other.id === except) continue;
      if (other.employeeNumber === staff.employeeNumber || other.email.toLowerCase() === staff.email.toLowerCase()) {
        throw new DomainRuleViolation({ code: 'STAFF_EXISTS' });
      }
    }
  }
}

interface TokenRow extends StaffToken {
  usedAt: Date | null;
}

export class InMemoryStaffTokenRepository implements StaffTokenRepositoryPort {
  private readonly rows = new Map<string, TokenRow>();

  constructor(private readonly staffs: InMemoryStaffRepository) {
    staffs.onDelete = (id, at) => this.revoke(id, at);
  }

  async issue(token: StaffToken): Promise<void> {
    for (const [hash, row] of this.rows) {
      if (row.staffId === token.staffId && row.purpose === token.purpose && row.usedAt === null) this.rows.set(hash, { ...row, usedAt: new Date() });
    }
    this.rows.set(token.tokenHash, { ...token, usedAt: null });
  }

  async redeem(tokenHash: string, now: Date, passwordHash: string): Promise<RedeemOutcome> {
    const row = this.rows.get(tokenHash);
    if (!row || row.usedAt !== null || !(await this.staffs.findById(row.staffId))) return 'INVALID_TOKEN';
    if (row.expiresAt <= now) return 'TOKEN_EXPIRED';
    this.staffs.setPasswordHash(row.staffId, passwordHash);
    this.revoke(row.staffId, now);
    return { staffId: row.staffId };
  }

  private revoke(staffId: string, at: Date): void {
    for (const [hash, row] of this.rows) {
      if (row.staffId === staffId && row.usedAt === null) this.rows.set(hash, { ...row, usedAt: at });
    }
  }
}

/** Menus and reservations as staff management sees them: set by the test. */
export class InMemoryStaffReferences implements StaffReferencesPort {
  readonly menus = new Map<string, string>();
  readonly futureReservations = new Set<string>();

  async menuClinics(menuIds: readonly string[]): Promise<Map<string, string>> {
    return new Map(menuIds.flatMap((id) => (this.menus.has(id) ? [[id, this.menus.get(id)!] as const] : [])));
  }

  async hasFutureLiveReservations(staffId: string): Promise<boolean> {
    return this.futureReservations.has(staffId);
  }
}

export class InMemoryMailOutbox implements MailPort, MailOutboxPort {
  private readonly mails: OutboxMail[] = [];
  private readonly nextId = sequence();

  async send(message: MailMessage): Promise<void> {
    this.mails.push({ ...message, id: this.nextId(), createdAt: new Date() });
  }

  async list(limit: number): Promise<OutboxMail[]> {
    return [...this.mails].reverse().slice(0, Math.max(1, limit));
  }
}

/** Predictable tokens for unit tests (`token-1`, `token-2`, …) with the real SHA-256 digest. */
export class SequentialSecretTokens implements SecretTokensPort {
  private readonly nextId = sequence();

  generate(): string {
    return `token-${this.nextId()}`;
  }

  digest(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
  }
}
