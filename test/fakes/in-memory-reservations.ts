import {
  CLINIC_ZONE,
  DomainRuleViolation,
  instantOn,
  isFailure,
  isLive,
  systemClock,
  type Actor,
  type AvailabilityContext,
  type SearchContext,
  SLOT_MS,
  SLOTS_PER_DAY,
  type AvailabilitySourcePort,
  type BookingClinic,
  type CancelTokensPort,
  type Clinic,
  type ClockPort,
  type ConflictCode,
  type CreateOptions,
  type Contract,
  type ContractLedgerPort,
  type ContractRepositoryPort,
  type EngineBusy,
  type EngineSchedule,
  type ErrorCode,
  type MenuBooking,
  type NewContract,
  type NewReservation,
  type OutboxWrite,
  type Recipient,
  type ReservationRepositoryPort,
  type ReservationStatus,
  type ReservationTx,
  type StatusChange,
  type ReservationTask,
  type ReservationView,
  type StaffReservationFilter,
  type TaskReplacement,
} from '@clinic/core';
import { DateTime } from 'luxon';
import { createHash } from 'node:crypto';
import { InMemoryAllocations, reservationOwner, type Hold } from './in-memory-allocations';
import { InMemoryGuestMembers } from './in-memory-guest-members';
import { InMemoryFacilityRepository, InMemoryMenuCategoryRepository, InMemoryMenuRepository } from './in-memory-facilities-menus';
import { InMemoryAuditLog, InMemoryClinicRepository, InMemoryMemberRepository } from './in-memory-repositories';
import { InMemoryBlockRepository, InMemoryScheduleRepository } from './in-memory-schedules';
import { InMemoryStaffRepository } from './in-memory-staff-management';

/**
 * In-memory twins of the reservation ports: the repository, the availability source and the
 * contract ledger (test/contracts/reservations.contract.ts runs one suite on them, on PGlite and on
 * PostgreSQL). They read the other fakes as the Knex ones join the other tables, and share the
 * allocations with the block fake, so double booking is refused here as the exclusion constraint
 * refuses it there.
 */
const sequence = () => {
  let next = 1;
  return () => String(next++);
};

/** Ids are bigint identities: anything else names no row (as in the Knex repositories). */
const ID = /^\d{1,18}$/;
const byNumber = (a: string, b: string) => Number(a) - Number(b);
const violation = (code: ErrorCode) => new DomainRuleViolation({ code });

/** The other fakes a reservation reads and refers to (what the tables' joins and foreign keys reach). */
export interface ReservationWorld {
  readonly clinics: InMemoryClinicRepository;
  readonly members: InMemoryMemberRepository;
  readonly staffs: InMemoryStaffRepository;
  readonly rooms: InMemoryFacilityRepository;
  readonly machines: InMemoryFacilityRepository;
  readonly menus: InMemoryMenuRepository;
  readonly schedules: InMemoryScheduleRepository;
  readonly allocations: InMemoryAllocations;
  /** Where a booking's change record goes when `create` is asked to write it (`recorded`). */
  readonly audit?: InMemoryAuditLog;
  /**
   * The database's `now()` (creation and cancel times). Left out, the system's time, made strictly
   * increasing as PostgreSQL's microseconds are, so that one write after another never ties.
   */
  readonly clock?: ClockPort;
}

interface StoredReservation {
  readonly id: string;
  readonly clinicId: string;
  readonly userId: string;
  readonly status: ReservationStatus;
  readonly source: ReservationView['source'];
  readonly startMs: number;
  readonly endMs: number;
  readonly memo: string;
  readonly campaign: string | null;
  readonly cancelTokenHash: string | null;
  readonly visitTokenHash?: string | null;
  readonly createdAtMs: number;
  readonly cancelledAtMs: number | null;
  readonly confirmedAtMs: number | null;
  readonly version: number;
  readonly menuIds: readonly string[];
  readonly tasks: readonly ReservationTask[];
}

const holdsOf = (tasks: readonly ReservationTask[]): Hold[] =>
  tasks.flatMap((task) =>
    (
      [
        ['STAFF', task.staffId],
        ['ROOM', task.roomId],
        ['MACHINE', task.machineId],
      ] as const
    ).flatMap(([type, resourceId]) => (resourceId === null ? [] : [{ type, resourceId, startMs: task.startMs, endMs: task.endMs }])),
  );

/** The tables' check `starts_at < ends_at` (a raw error there, not a domain one). */
const assertSpans = (spans: readonly { startMs: number; endMs: number }[]): void => {
  for (const span of spans) if (!(span.startMs < span.endMs)) throw new Error('check violation: starts_at < ends_at');
};

/** `tstzrange(starts, ends) && tstzrange(from, to)`: an empty query range overlaps nothing. */
const overlapsRange = (row: StoredReservation, fromMs: number, toMs: number): boolean => {
  if (fromMs > toMs) throw new Error('range lower bound must be less than or equal to range upper bound');
  return fromMs < toMs && row.startMs < toMs && fromMs < row.endMs;
};

/** What a write names that the tables' foreign keys check: its tasks' resources and menus, and the member, clinic and menus given. */
type Written = Pick<NewReservation, 'tasks'> & Partial<Pick<NewReservation, 'userId' | 'clinicId' | 'menuIds'>>;

const byStart = (a: StoredReservation, b: StoredReservation) => a.startMs - b.startMs || byNumber(a.id, b.id);

/**
 * The reservations as stored: rows, their holds in the shared allocations, and the foreign keys the
 * tables have. Every rule is the core's (`writeOnlineBooking`, `holdsMenu`, `replacementOf`,
 * `confirmVisit`); this keeps no messages (as the Knex repository without an outbox writer) and no
 * waitlist: freed time offered in a transaction goes nowhere, and a look finds someone waiting.
 */
export class InMemoryReservationRepository implements ReservationRepositoryPort {
  private readonly rows = new Map<string, StoredReservation>();
  private readonly nextId = sequence();
  private lastNow = 0;

  constructor(private readonly world: ReservationWorld) {}

  /** The database's `now()` (`ReservationWorld.clock`). */
  private now(): number {
    if (this.world.clock) return this.world.clock.now().toMillis();
    this.lastNow = Math.max(Date.now(), this.lastNow + 0.001);
    return this.lastNow;
  }

  /**
   * The database's transaction, as far as a use case can see it: a failed Result or a throw undoes
   * what the guest members wrote (a write of the reservations is each use case's last step, and is
   * all or nothing by itself).
   */
  async inTransaction<T>(work: (tx: ReservationTx) => Promise<T>): Promise<T> {
    const guestMembers = new InMemoryGuestMembers(this.world.members);
    try {
      const value = await work({ reservations: this, guestMembers, lockMember: async () => {}, offerFreedTime: async () => {} });
      if (isFailure(value)) await guestMembers.rollback();
      return value;
    } catch (error) {
      await guestMembers.rollback();
      throw error;
    }
  }

  async create(draft: NewReservation, actor: Actor, conflict: ConflictCode, options: CreateOptions = {}): Promise<ReservationView> {
    assertSpans([draft, ...draft.tasks]);
    const id = this.nextId();
    await this.hold(id, draft.clinicId, true, conflict, [], draft);
    const { language: _language, lineUserId: _line, ...row } = draft;
    this.rows.set(id, { ...row, id, status: 'RESERVED', createdAtMs: this.now(), cancelledAtMs: null, confirmedAtMs: null, version: 1 });
    const view = this.view(this.rows.get(id)!);
    if (options.recorded) {
      if (!this.world.audit) throw new Error("a recorded booking needs the world's audit log");
      await this.world.audit.append({
        actorType: actor.type,
        actorId: actor.id,
        action: 'reservation.create',
        entity: 'reservation',
        entityId: id,
        after: view,
      });
    }
    return view;
  }

  async findById(id: string): Promise<ReservationView | null> {
    const row = this.rows.get(id);
    return row ? this.view(row) : null;
  }

  async findWithRecipient(id: string): Promise<{ reservation: ReservationView; recipient: Recipient | null } | null> {
    const reservation = await this.findById(id);
    const member = reservation && (await this.world.members.findById(reservation.userId));
    if (!reservation) return null;
    return { reservation, recipient: member ? { email: member.email, lineUserId: member.lineUserId, preference: member.notificationChannel ?? null } : null };
  }

  async findByCancelTokenHash(hash: string): Promise<ReservationView | null> {
    const row = this.all().find((candidate) => candidate.cancelTokenHash === hash);
    return row ? this.view(row) : null;
  }

  async findByVisitTokenHash(hash: string): Promise<ReservationView | null> {
    const row = this.all().find((candidate) => candidate.visitTokenHash === hash);
    return row ? this.view(row) : null;
  }

  async listForClinic(clinicId: string, fromMs: number, toMs: number): Promise<ReservationView[]> {
    return this.searchForClinic(clinicId, fromMs, toMs, {});
  }

  async searchForClinic(clinicId: string, fromMs: number, toMs: number, filter: StaffReservationFilter): Promise<ReservationView[]> {
    const members = new Map(this.world.members.all().map((member) => [member.id, member]));
    const keyword = filter.keyword?.toLowerCase() ?? '';
    const named = (userId: string) => {
      const member = members.get(userId);
      return !!member && (member.name.toLowerCase().includes(keyword) || member.kana.toLowerCase().includes(keyword) || member.userNumber === filter.keyword);
    };
    return this.views(
      this.all()
        .filter((row) => row.clinicId === clinicId && overlapsRange(row, fromMs, toMs) && (filter.userId === undefined || row.userId === filter.userId))
        .filter((row) => (!filter.status || row.status === filter.status) && (!filter.keyword || named(row.userId)))
        .sort(byStart),
    );
  }

  async listForMember(userId: string): Promise<ReservationView[]> {
    const rows = this.all().filter((row) => row.userId === userId);
    return this.views(rows.sort((a, b) => byStart(b, a)));
  }

  async setStatus(id: string, status: ReservationStatus, actor: Actor, expectedVersion?: number, outbox?: OutboxWrite): Promise<ReservationView | null> {
    return (await this.changeStatus(id, status, actor, expectedVersion, outbox, { lookForWaiting: false }))?.reservation ?? null;
  }

  async changeStatus(
    id: string,
    status: ReservationStatus,
    _actor: Actor,
    expectedVersion: number | undefined,
    _outbox: OutboxWrite | undefined,
    { lookForWaiting }: { readonly lookForWaiting: boolean },
  ): Promise<StatusChange | null> {
    const row = this.current(id, expectedVersion);
    if (!row) return null;
    this.world.allocations.setLive(reservationOwner(id), isLive(status), 'RESOURCE_COLLISION');
    this.rows.set(id, { ...row, status, version: row.version + 1, cancelledAtMs: isLive(status) ? null : this.now() });
    return { reservation: await this.view(this.rows.get(id)!), waiting: lookForWaiting };
  }

  async replaceTasks(id: string, change: TaskReplacement, conflict: ConflictCode, expectedVersion?: number): Promise<ReservationView | null> {
    const row = this.current(id, expectedVersion);
    if (!row) return null;
    assertSpans(change.tasks);
    // The new tasks hold their resources as the reservation's status says (a cancelled one holds nothing).
    await this.hold(id, row.clinicId, isLive(row.status), conflict, row.tasks, change);
    const { clearConfirmation, ...written } = change;
    this.rows.set(id, { ...row, ...written, version: row.version + 1, confirmedAtMs: clearConfirmation ? null : row.confirmedAtMs });
    return this.view(this.rows.get(id)!);
  }

  async confirm(id: string, atMs: number, expectedVersion: number): Promise<{ reservation: ReservationView; first: boolean } | null> {
    const row = this.rows.get(id);
    if (!row || row.version !== expectedVersion) return null;
    if (row.confirmedAtMs === null) this.rows.set(id, { ...row, confirmedAtMs: atMs });
    return { reservation: await this.view(this.rows.get(id)!), first: row.confirmedAtMs === null };
  }

  async delete(id: string): Promise<boolean> {
    if (!this.rows.delete(id)) return false;
    this.world.allocations.release(reservationOwner(id));
    return true;
  }

  async menuBookingsOf(userId: string, menuId: string): Promise<MenuBooking[]> {
    const rows = this.all().filter((row) => row.userId === userId && row.menuIds.includes(menuId));
    return rows.map(({ id, status, endMs }) => ({ id, status, endMs }));
  }

  async recent(clinicId: string, kind: 'created' | 'cancelled', limit: number): Promise<ReservationView[]> {
    const at = (row: StoredReservation) => (kind === 'created' ? row.createdAtMs : row.cancelledAtMs);
    const rows = this.all().filter((row) => row.clinicId === clinicId && at(row) !== null);
    return this.views(rows.sort((a, b) => at(b)! - at(a)! || byNumber(b.id, a.id)).slice(0, Math.max(0, limit)));
  }

  private all(): StoredReservation[] {
    return [...this.rows.values()];
  }

  /** The row, unless its version has moved on from `expectedVersion` (RESERVATION_CHANGED, as the Knex writes check it). */
  private current(id: string, expectedVersion: number | undefined): StoredReservation | undefined {
    const row = this.rows.get(id);
    if (row && expectedVersion !== undefined && row.version !== expectedVersion) throw violation('RESERVATION_CHANGED');
    return row;
  }

  /**
   * One write's holds and foreign keys, as the tables check them: the exclusion constraint as each
   * allocation goes in, then the foreign keys at the end of the statement (answered as the Knex
   * repository maps them); a refused write leaves the holds of `before` as they were.
   */
  private async hold(id: string, clinicId: string, live: boolean, conflict: ConflictCode, before: readonly ReservationTask[], write: Written): Promise<void> {
    const { world } = this;
    const { tasks } = write;
    world.allocations.put(reservationOwner(id), clinicId, holdsOf(tasks), live, conflict);
    const menuIds = [...(write.menuIds ?? []), ...tasks.flatMap((task) => task.menuId ?? [])];
    const missing: [boolean, ErrorCode][] = [
      [write.userId !== undefined && !(await world.members.findById(write.userId)), 'USER_NOT_FOUND'],
      [write.clinicId !== undefined && !(await world.clinics.findById(write.clinicId)), 'CLINIC_NOT_FOUND'],
      [menuIds.some((menuId) => !world.menus.stored(menuId)), 'MENU_NOT_FOUND'],
      [tasks.some((task) => task.staffId !== null && !world.staffs.exists(task.staffId)), 'STAFF_NOT_FOUND'],
      [tasks.some((task) => task.roomId !== null && !world.rooms.exists(task.roomId)), 'ROOM_NOT_FOUND'],
      [tasks.some((task) => task.machineId !== null && !world.machines.exists(task.machineId)), 'MACHINE_NOT_FOUND'],
    ];
    const code = missing.find(([gone]) => gone)?.[1];
    if (!code) return;
    world.allocations.put(reservationOwner(id), clinicId, holdsOf(before), live, conflict);
    throw violation(code);
  }

  private views(rows: readonly StoredReservation[]): Promise<ReservationView[]> {
    return Promise.all(rows.map((row) => this.view(row)));
  }

  /** The reservation with its member's and menus' names as they are now (the Knex reads join them). */
  private async view(row: StoredReservation): Promise<ReservationView> {
    const { cancelTokenHash: _hash, visitTokenHash: _visit, ...reservation } = row;
    const member = await this.world.members.findById(row.userId);
    const menus = row.menuIds.map((id) => this.world.menus.stored(id));
    return {
      ...reservation,
      userName: member?.name ?? '',
      userKana: member?.kana ?? '',
      userNumber: member?.userNumber ?? null,
      menuNames: menus.map((menu) => menu?.name ?? ''),
      menuTranslations: menus.map((menu) => menu?.translations ?? {}),
    };
  }
}

const dateIn = (ms: number): string => DateTime.fromMillis(ms, { zone: CLINIC_ZONE }).toISODate()!;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const instantMs = (date: string, time: string) => Date.parse(instantOn(date, minutesOf(time)));

const toBookingClinic = (clinic: Clinic, holidays: readonly string[]): BookingClinic => ({
  id: clinic.id,
  name: clinic.name,
  phone: clinic.phone,
  zone: CLINIC_ZONE,
  webBookingEnabled: clinic.webBookingEnabled,
  minLeadMinutes: clinic.minLeadMinutes,
  updateDeadlineHours: clinic.updateDeadlineHours,
  cancelDeadlineHours: clinic.cancelDeadlineHours,
  reminderRules: clinic.reminderRules,
  waitlistHoldMinutes: clinic.waitlistHoldMinutes,
  noShowLimit: clinic.noShowLimit,
  noShowWindowDays: clinic.noShowWindowDays,
  openingHours: clinic.openingHours.map(({ weekday, open, close }) => ({ weekday, open, close })),
  // The Knex source reads breaks in the order they were written.
  breaks: [...clinic.breaks].sort((a, b) => byNumber(a.id, b.id)).map(({ weekday, start, end }) => ({ weekday, start, end })),
  holidays: new Set(holidays),
});

/**
 * What the availability engine needs for a clinic, a menu (or none) and a time range, read from
 * the other fakes as the one query of KnexAvailabilitySource reads the tables.
 */
export class InMemoryAvailabilitySource implements AvailabilitySourcePort {
  constructor(private readonly world: ReservationWorld) {}

  async clinic(clinicId: string): Promise<BookingClinic | null> {
    if (!ID.test(clinicId)) return null;
    const clinic = await this.world.clinics.findById(clinicId);
    // Holidays from today on, as the clinic repository answers them.
    return clinic
      ? toBookingClinic(
          clinic,
          clinic.holidays.map((holiday) => holiday.date),
        )
      : null;
  }

  /**
   * The holds of `load` as busy quarter-hours per resource and day, as `busy_quarters` (migration
   * 0090) keeps them: bit i of a day's three words is quarter-hour i from local midnight, set when
   * a hold touches it; days of the range only.
   */
  async loadForSearch(clinicId: string, menuId: string | null, fromMs: number, toMs: number): Promise<SearchContext | null> {
    const context = await this.load(clinicId, menuId, fromMs, toMs);
    if (!context) return null;
    const { busy, ...setting } = context;
    const days = new Map<string, { type: EngineBusy['type']; id: string; dayStartMs: number; words: [number, number, number] }>();
    for (const hold of busy) {
      for (let day = DateTime.fromMillis(hold.startMs, { zone: CLINIC_ZONE }).startOf('day'); day.toMillis() < hold.endMs; day = day.plus({ days: 1 })) {
        const dayStartMs = day.toMillis();
        if (dayStartMs < fromMs || dayStartMs >= toMs) continue;
        const key = `${hold.type}:${hold.id}:${dayStartMs}`;
        const entry = days.get(key) ?? { type: hold.type, id: hold.id, dayStartMs, words: [0, 0, 0] };
        const from = Math.max(0, Math.floor((hold.startMs - dayStartMs) / SLOT_MS));
        const to = Math.min(SLOTS_PER_DAY, Math.ceil((hold.endMs - dayStartMs) / SLOT_MS));
        for (let quarter = from; quarter < to; quarter++) entry.words[quarter >> 5] = entry.words[quarter >> 5]! | (1 << (quarter & 31)) | 0;
        days.set(key, entry);
      }
    }
    return {
      ...setting,
      busyDays: [...days.values()].map(({ type, id, dayStartMs, words: [q0, q1, q2] }) => ({ type, id, dayStartMs, q0, q1, q2 })),
    };
  }

  async load(
    clinicId: string,
    menuId: string | null,
    fromMs: number,
    toMs: number,
    options: { readonly excludeReservationId?: string } = {},
  ): Promise<AvailabilityContext | null> {
    if (!ID.test(clinicId) || (menuId !== null && !ID.test(menuId))) return null;
    const { world } = this;
    const clinic = await world.clinics.findById(clinicId);
    if (!clinic) return null;
    const to = Math.max(toMs, fromMs + 1);
    const [fromDate, toDate] = [dateIn(fromMs), dateIn(to)];
    // The menu with its tasks' rooms and machines as stored (deleted ones too), by display order.
    const stored = menuId === null ? null : world.menus.stored(menuId);
    const sortFacilities = (ids: readonly string[], repo: InMemoryFacilityRepository) =>
      [...ids].sort((a, b) => (repo.displayOrderOf(a) ?? 0) - (repo.displayOrderOf(b) ?? 0) || byNumber(a, b));
    const menu =
      stored && stored.clinicId === clinicId
        ? {
            id: stored.id,
            clinicId: stored.clinicId,
            categoryId: stored.categoryId,
            name: stored.name,
            kind: stored.kind,
            enabled: stored.enabled,
            webBookable: stored.webBookable,
            tasks: stored.tasks.map((task) => ({
              id: task.id,
              label: task.label,
              durationMinutes: task.durationMinutes,
              needsStaff: task.needsStaff,
              roomIds: sortFacilities(task.roomIds, world.rooms),
              machineIds: sortFacilities(task.machineIds, world.machines),
            })),
          }
        : null;
    // Performers: the clinic's live staff who do the menu (all of them without one), by priority.
    const clinicStaff = await world.staffs.list({ clinicId });
    const menusOf = await world.staffs.menuIds(clinicStaff.map((staff) => staff.id));
    const staffIds = clinicStaff.filter((staff) => menuId === null || menusOf.get(staff.id)!.includes(menuId)).map((staff) => staff.id);
    const performers = new Set(staffIds);
    const schedules: EngineSchedule[] = (await world.schedules.list({ clinicId, from: DateTime.fromISO(fromDate).minus({ days: 1 }).toISODate()!, to: toDate }))
      .filter((schedule) => performers.has(schedule.staffId))
      .map((schedule) => ({
        staffId: schedule.staffId,
        startMs: instantMs(schedule.date, schedule.start),
        endMs: instantMs(schedule.date, schedule.end),
        breaks: schedule.breaks.map((pause) => [instantMs(schedule.date, pause.start), instantMs(schedule.date, pause.end)] as const),
        categoryId: schedule.categoryId,
      }))
      .filter((schedule) => schedule.startMs < to && schedule.endMs > fromMs);
    const menuRooms = new Set(stored?.tasks.flatMap((task) => task.roomIds) ?? []);
    const menuMachines = new Set(stored?.tasks.flatMap((task) => task.machineIds) ?? []);
    const exclude = options.excludeReservationId && ID.test(options.excludeReservationId) ? reservationOwner(options.excludeReservationId) : undefined;
    const busy: EngineBusy[] = world.allocations
      .live(clinicId, fromMs, to, exclude)
      .filter(
        (hold) =>
          menuId === null ||
          (hold.type === 'STAFF' && performers.has(hold.resourceId)) ||
          (hold.type === 'ROOM' && menuRooms.has(hold.resourceId)) ||
          (hold.type === 'MACHINE' && menuMachines.has(hold.resourceId)),
      )
      .map((hold) => ({ type: hold.type, id: hold.resourceId, startMs: hold.startMs, endMs: hold.endMs }));
    return {
      clinic: toBookingClinic(clinic, world.clinics.holidayDatesBetween(clinicId, fromDate, toDate)),
      menu,
      staffIds,
      roomIds: (await world.rooms.listByClinic(clinicId, { enabledOnly: true })).map((room) => room.id),
      machineIds: (await world.machines.listByClinic(clinicId, { enabledOnly: true })).map((machine) => machine.id),
      schedules,
      busy,
    };
  }
}

interface StoredContract {
  readonly id: string;
  readonly userId: string;
  readonly menuId: string;
  readonly sessionsTotal: number;
  readonly sessionsUsed: number;
  readonly expiresOn: string | null;
  readonly createdAt: Date;
}

/**
 * The built-in contract ledger (`contracts`, `contract_uses`): the members' contract repository and
 * the reservations' ledger, as KnexContractRepository and KnexContractLedger.
 */
export class InMemoryContracts implements ContractRepositoryPort, ContractLedgerPort {
  private readonly rows = new Map<string, StoredContract>();
  private readonly nextId = sequence();
  /** Which contract each visit used, per reservation and menu. */
  private uses: { reservationId: string; menuId: string; contractId: string }[] = [];

  constructor(private readonly world: Pick<ReservationWorld, 'menus' | 'clock'> & { readonly reservations: InMemoryReservationRepository }) {}

  async add(contract: NewContract): Promise<Contract> {
    const row: StoredContract = { ...contract, id: this.nextId(), sessionsUsed: 0, createdAt: (this.world.clock ?? systemClock).now().toJSDate() };
    this.rows.set(row.id, row);
    return this.toContract(row);
  }

  async listForMember(userId: string): Promise<Contract[]> {
    if (!ID.test(userId)) return [];
    return [...this.rows.values()]
      .filter((row) => row.userId === userId)
      .sort((a, b) => byNumber(b.id, a.id))
      .map((row) => this.toContract(row));
  }

  async menuKind(menuId: string): Promise<'NEW' | 'CONTRACT' | 'INSURANCE' | null> {
    if (!ID.test(menuId)) return null;
    return this.world.menus.stored(menuId)?.kind ?? null;
  }

  async hasRemainingSessions(userId: string, menuId: string, onDate: string): Promise<boolean> {
    if (!ID.test(userId) || !ID.test(menuId)) return false;
    return [...this.rows.values()].some((row) => row.userId === userId && row.menuId === menuId && usable(row, onDate));
  }

  async settleVisit(reservationId: string, visited: boolean): Promise<void> {
    if (!visited) {
      for (const use of this.uses.filter((entry) => entry.reservationId === reservationId)) {
        const contract = this.rows.get(use.contractId);
        if (contract && contract.sessionsUsed > 0) this.rows.set(contract.id, { ...contract, sessionsUsed: contract.sessionsUsed - 1 });
      }
      this.uses = this.uses.filter((entry) => entry.reservationId !== reservationId);
      return;
    }
    const reservation = await this.world.reservations.findById(reservationId);
    if (!reservation) return;
    const visitDate = dateIn(reservation.startMs);
    const menuIds = [...new Set(reservation.menuIds)].filter(
      (menuId) =>
        this.world.menus.stored(menuId)?.kind === 'CONTRACT' && !this.uses.some((use) => use.reservationId === reservationId && use.menuId === menuId),
    );
    for (const menuId of menuIds) {
      // The contract expiring first, then the oldest, that still has a session on the visit date.
      const contract = [...this.rows.values()]
        .filter((row) => row.userId === reservation.userId && row.menuId === menuId && usable(row, visitDate))
        .sort((a, b) => (a.expiresOn ?? '9999-12-31').localeCompare(b.expiresOn ?? '9999-12-31') || byNumber(a.id, b.id))[0];
      if (!contract) continue;
      this.uses.push({ reservationId, menuId, contractId: contract.id });
      this.rows.set(contract.id, { ...contract, sessionsUsed: contract.sessionsUsed + 1 });
    }
  }

  private toContract(row: StoredContract): Contract {
    const menu = this.world.menus.stored(row.menuId);
    return {
      id: row.id,
      userId: row.userId,
      menuId: row.menuId,
      menuName: menu?.name ?? '',
      menuTranslations: menu?.translations ?? {},
      clinicId: menu?.clinicId ?? '',
      categoryId: menu?.categoryId ?? '',
      sessionsTotal: row.sessionsTotal,
      sessionsUsed: row.sessionsUsed,
      expiresOn: row.expiresOn,
      createdAt: row.createdAt,
    };
  }
}

const usable = (row: StoredContract, onDate: string) => row.sessionsUsed < row.sessionsTotal && (row.expiresOn === null || row.expiresOn >= onDate);

/** Predictable guest cancel tokens (`cancel-token-1`, …) with the real SHA-256 digest of CryptoCancelTokens. */
export class SequentialCancelTokens implements CancelTokensPort {
  private readonly nextId = sequence();

  issue(): { token: string; hash: string } {
    const token = `cancel-token-${this.nextId()}`;
    return { token, hash: this.hash(token) };
  }

  hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}

export type InMemoryReservationWorld = ReturnType<typeof inMemoryReservationWorld>;

/**
 * A whole clinic world in memory for the reservation use cases: the fakes of clinics, members,
 * staff, rooms, machines, menus, schedules and blocks, wired to one reservation repository,
 * availability source and contract ledger, all on one clock. Parts given are used as they are.
 */
export const inMemoryReservationWorld = (parts: Partial<ReservationWorld> = {}) => {
  const clock = parts.clock;
  const rooms = parts.rooms ?? new InMemoryFacilityRepository('ROOM');
  const machines = parts.machines ?? new InMemoryFacilityRepository('MACHINE');
  const categories = new InMemoryMenuCategoryRepository();
  const allocations = parts.allocations ?? new InMemoryAllocations();
  const world = {
    ...(clock ? { clock } : {}),
    clinics: parts.clinics ?? new InMemoryClinicRepository(clock ?? systemClock),
    members: parts.members ?? new InMemoryMemberRepository(),
    staffs: parts.staffs ?? new InMemoryStaffRepository(),
    rooms,
    machines,
    menus: parts.menus ?? new InMemoryMenuRepository(categories, rooms, machines),
    schedules: parts.schedules ?? new InMemoryScheduleRepository(),
    allocations,
    audit: parts.audit ?? new InMemoryAuditLog(),
  };
  const reservations = new InMemoryReservationRepository(world);
  return {
    ...world,
    categories,
    blocks: new InMemoryBlockRepository(allocations),
    reservations,
    availability: new InMemoryAvailabilitySource(world),
    contracts: new InMemoryContracts({ menus: world.menus, reservations, ...(clock ? { clock } : {}) }),
    tokens: new SequentialCancelTokens(),
  };
};
