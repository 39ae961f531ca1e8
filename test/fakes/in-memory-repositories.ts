import {
  CLINIC_ZONE,
  DEFAULT_REMINDER_RULES,
  DomainRuleViolation,
  orderBreaks,
  systemClock,
  type ClinicBreak,
  type ClinicHoliday,
  type ClockPort,
  isEmailLike,
  type AuditEntry,
  type AuditLogPort,
  type Clinic,
  type ClinicRepositoryPort,
  type ClinicSettings,
  type LoginAttemptLimiterPort,
  type LoginAttemptPolicy,
  type Member,
  type MemberChanges,
  type MemberRepositoryPort,
  type MemberWriteOptions,
  type NewMember,
  type PageView,
  type PageViewRepositoryPort,
  type SessionPrincipal,
  type SessionRevokerPort,
  type ReminderRule,
  type SessionStorePort,
  type StoredSession,
} from '@clinic/core';

/**
 * In-memory adapters: the same contracts as the Knex ones (test/contracts proves it), for fast
 * unit tests of use cases. Not used by the product itself.
 */
const sequence = () => {
  let next = 1;
  return () => String(next++);
};

const sortedHours = (settings: ClinicSettings) => [...settings.openingHours].sort((a, b) => a.weekday - b.weekday);

/** Clinics with hours, breaks and holidays; holidays are answered from today (Asia/Tokyo) on. */
export class InMemoryClinicRepository implements ClinicRepositoryPort {
  private readonly rows = new Map<string, Omit<Clinic, 'holidays'>>();
  private readonly holidays = new Map<string, Map<string, ClinicHoliday>>();
  private readonly nextId = sequence();
  private readonly nextBreakId = sequence();

  constructor(private readonly clock: ClockPort = systemClock) {}

  async list(): Promise<Clinic[]> {
    return [...this.rows.values()].sort((a, b) => Number(a.id) - Number(b.id)).map((clinic) => this.withHolidays(clinic));
  }

  async findById(id: string): Promise<Clinic | null> {
    const clinic = this.rows.get(id);
    return clinic ? this.withHolidays(clinic) : null;
  }

  async create(settings: ClinicSettings): Promise<Clinic> {
    this.assertNameFree(settings.name, null);
    const id = this.nextId();
    this.rows.set(id, this.toStored(id, settings, [], DEFAULT_REMINDER_RULES, null));
    this.holidays.set(id, new Map());
    return (await this.findById(id))!;
  }

  async update(id: string, settings: ClinicSettings): Promise<Clinic | null> {
    const current = this.rows.get(id);
    if (!current) return null;
    this.assertNameFree(settings.name, id);
    this.rows.set(id, this.toStored(id, settings, current.breaks, current.reminderRules, current));
    return this.findById(id);
  }

  async addHoliday(clinicId: string, holiday: ClinicHoliday): Promise<ClinicHoliday | null> {
    const dates = this.holidays.get(clinicId);
    if (!dates) return null;
    if (dates.has(holiday.date)) throw new DomainRuleViolation({ code: 'HOLIDAY_ALREADY_REGISTERED' });
    dates.set(holiday.date, { date: holiday.date, name: holiday.name });
    return { date: holiday.date, name: holiday.name };
  }

  async removeHoliday(clinicId: string, date: string): Promise<boolean> {
    return this.holidays.get(clinicId)?.delete(date) ?? false;
  }

  /** For the availability fake: every holiday date of the clinic between two dates (inclusive), past ones too. */
  holidayDatesBetween(clinicId: string, from: string, to: string): string[] {
    return [...(this.holidays.get(clinicId)?.keys() ?? [])].filter((date) => date >= from && date <= to).sort();
  }

  private toStored(
    id: string,
    settings: ClinicSettings,
    currentBreaks: readonly ClinicBreak[],
    currentRules: readonly ReminderRule[],
    current: Omit<Clinic, 'holidays'> | null,
  ): Omit<Clinic, 'holidays'> {
    const { breaks, reminderRules, waitlistHoldMinutes, noShowLimit, noShowWindowDays, ...rest } = settings;
    return {
      ...rest,
      id,
      reminderRules: reminderRules ?? currentRules,
      waitlistHoldMinutes: waitlistHoldMinutes ?? current?.waitlistHoldMinutes ?? 30,
      noShowLimit: noShowLimit !== undefined ? noShowLimit : (current?.noShowLimit ?? null),
      noShowWindowDays: noShowWindowDays ?? current?.noShowWindowDays ?? 180,
      openingHours: sortedHours(settings),
      breaks: breaks
        ? orderBreaks(breaks.map((entry) => ({ id: this.nextBreakId(), weekday: entry.weekday, start: entry.start, end: entry.end })))
        : currentBreaks,
    };
  }

  private withHolidays(clinic: Omit<Clinic, 'holidays'>): Clinic {
    const today = this.clock.now().setZone(CLINIC_ZONE).toISODate()!;
    const holidays = [...(this.holidays.get(clinic.id)?.values() ?? [])]
      .filter((holiday) => holiday.date >= today)
      .sort((a, b) => a.date.localeCompare(b.date));
    return { ...clinic, holidays };
  }

  private assertNameFree(name: string, except: string | null): void {
    for (const clinic of this.rows.values()) {
      if (clinic.name === name && clinic.id !== except) throw new DomainRuleViolation({ code: 'CLINIC_DUPLICATE' });
    }
  }
}

// Staff accounts live with staff management (soft delete, menus, order): see in-memory-staff-management.ts.
export { InMemoryStaffRepository } from './in-memory-staff-management';

export class InMemoryMemberRepository implements MemberRepositoryPort {
  private readonly rows = new Map<string, Member>();
  private readonly nextId = sequence();

  async findById(id: string): Promise<Member | null> {
    return this.rows.get(id) ?? null;
  }

  async findByLoginIdentifier(identifier: string): Promise<Member | null> {
    const email = isEmailLike(identifier);
    for (const member of this.rows.values()) {
      if (email ? member.email?.toLowerCase() === identifier.toLowerCase() : member.userNumber === identifier) return member;
    }
    return null;
  }

  async create(member: NewMember, options: MemberWriteOptions = {}): Promise<Member> {
    this.checkUnique(member, null);
    const created = { ...member, id: this.nextId() };
    this.rows.set(created.id, created);
    if (options.creditIntroducer) this.credit(created.introducerUserId);
    return created;
  }

  async update(id: string, changes: MemberChanges, options: MemberWriteOptions = {}): Promise<Member | null> {
    const current = this.rows.get(id);
    if (!current) return null;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const updated: Member = { ...current, ...defined };
    this.checkUnique(updated, id);
    this.rows.set(id, updated);
    if (options.creditIntroducer) this.credit(updated.introducerUserId);
    return updated;
  }

  /** For the reservation fake: every member (a guest booking finds its 仮会員 among them). */
  all(): Member[] {
    return [...this.rows.values()];
  }

  /** For the reservation fake's rollback: forgets a member made in a transaction that did not commit. */
  remove(id: string): void {
    this.rows.delete(id);
  }

  async nextUserNumber(): Promise<string> {
    const numbers = [...this.rows.values()].flatMap((member) => (member.userNumber && /^\d{1,18}$/.test(member.userNumber) ? [Number(member.userNumber)] : []));
    return String(Math.max(100001, Math.max(0, ...numbers) + 1));
  }

  private checkUnique(member: NewMember, exceptId: string | null): void {
    for (const other of this.rows.values()) {
      if (other.id === exceptId) continue;
      if (member.email && other.email?.toLowerCase() === member.email.toLowerCase()) {
        throw new DomainRuleViolation({ code: 'EMAIL_DUPLICATE' });
      }
      if (member.userNumber && other.userNumber === member.userNumber) throw new DomainRuleViolation({ code: 'ACCOUNT_EXISTS' });
    }
  }

  private credit(introducerId: string | null): void {
    const introducer = introducerId === null ? undefined : this.rows.get(introducerId);
    if (introducer) this.rows.set(introducer.id, { ...introducer, giftCount: introducer.giftCount + 1 });
  }
}

export class InMemorySessionStore implements SessionStorePort, SessionRevokerPort {
  private readonly rows = new Map<string, { session: StoredSession; expiresAt: Date }>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  async get(id: string): Promise<StoredSession | null> {
    const row = this.rows.get(id);
    if (!row || row.expiresAt <= this.now()) return null;
    return structuredClone(row.session);
  }

  async set(id: string, data: Record<string, unknown>, expiresAt: Date): Promise<void> {
    const createdAt = this.rows.get(id)?.session.createdAt ?? this.now();
    this.rows.set(id, { session: { data: structuredClone(data), createdAt }, expiresAt });
  }

  async destroy(id: string): Promise<void> {
    this.rows.delete(id);
  }

  async endSessionsOf(principal: SessionPrincipal, exceptId: string | null = null): Promise<number> {
    let ended = 0;
    for (const [id, row] of this.rows) {
      const owner = row.session.data.principal as SessionPrincipal | undefined;
      if (id !== exceptId && owner?.type === principal.type && owner.id === principal.id) {
        this.rows.delete(id);
        ended++;
      }
    }
    return ended;
  }
}

export class InMemoryLoginAttemptLimiter implements LoginAttemptLimiterPort {
  private readonly rows = new Map<string, { failures: number; windowStartedAt: number }>();

  constructor(
    private readonly policy: LoginAttemptPolicy,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async blockedFor(key: string): Promise<number> {
    const row = this.rows.get(key);
    if (!row) return 0;
    const remaining = Math.ceil((row.windowStartedAt + this.policy.windowSeconds * 1000 - this.now()) / 1000);
    return row.failures >= this.policy.maxFailures && remaining > 0 ? remaining : 0;
  }

  async recordFailure(key: string): Promise<void> {
    const row = this.rows.get(key);
    const expired = !row || row.windowStartedAt <= this.now() - this.policy.windowSeconds * 1000;
    this.rows.set(key, expired ? { failures: 1, windowStartedAt: this.now() } : { ...row, failures: row.failures + 1 });
  }

  async reset(key: string): Promise<void> {
    this.rows.delete(key);
  }
}

export class InMemoryAuditLog implements AuditLogPort {
  readonly entries: AuditEntry[] = [];

  async append(entry: AuditEntry): Promise<void> {
    this.entries.push(entry);
  }
}

export class InMemoryPageViewRepository implements PageViewRepositoryPort {
  readonly views: PageView[] = [];

  async record(view: PageView): Promise<void> {
    this.views.push(view);
  }
}
