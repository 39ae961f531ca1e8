import {
  DomainRuleViolation,
  isFailure,
  nameKey,
  phoneKey,
  waitlistPersonKey,
  type DueOffer,
  type HeldOffer,
  type ManualRestriction,
  type NewMessage,
  type NewOffer,
  type NewWaitlistEntry,
  type NoShow,
  type NoShowRecordPort,
  type Recipient,
  type WaitlistEntry,
  type WaitlistGuest,
  type WaitlistOffer,
  type WaitlistRepositoryPort,
  type WaitlistStatus,
  type WaitlistTx,
} from '@clinic/core';
import type { Hold } from './in-memory-allocations';
import type { InMemoryReservationWorld } from './in-memory-reservations';

const sequence = () => {
  let next = 1;
  return () => String(next++);
};

interface StoredEntry extends NewWaitlistEntry {
  readonly id: string;
  readonly status: WaitlistStatus;
  readonly reservationId: string | null;
  readonly createdAtMs: number;
  readonly offer: WaitlistOffer | null;
}

const offerOwner = (offerId: string) => `offer:${offerId}`;
const isOpen = (entry: StoredEntry) => entry.status === 'WAITING' || entry.status === 'OFFERED';
const personOf = (entry: Pick<NewWaitlistEntry, 'userId' | 'guest'>) =>
  waitlistPersonKey(entry.userId ? { userId: entry.userId } : { phone: entry.guest!.phone });
const holdsOf = (offer: Pick<NewOffer, 'tasks'>): Hold[] =>
  offer.tasks.flatMap((task) =>
    (
      [
        ['STAFF', task.staffId],
        ['ROOM', task.roomId],
        ['MACHINE', task.machineId],
      ] as const
    ).flatMap(([type, resourceId]) => (resourceId === null ? [] : [{ type, resourceId, startMs: task.startMs, endMs: task.endMs }])),
  );

/**
 * The no-shows and restrictions of the reservation world's members (as KnexNoShowRecords reads
 * `reservations` and `users`): NOT_VISITED reservations, stamped when recorded, and what staff set.
 */
export class InMemoryNoShows implements NoShowRecordPort {
  private readonly manuals = new Map<string, ManualRestriction>();

  constructor(private readonly world: Pick<InMemoryReservationWorld, 'reservations' | 'members' | 'staffs' | 'clock'>) {}

  async noShows(userId: string, sinceMs: number): Promise<NoShow[]> {
    return (await this.world.reservations.listForMember(userId))
      .filter((reservation) => reservation.status === 'NOT_VISITED' && reservation.startMs >= sinceMs)
      .map((reservation) => ({ startMs: reservation.startMs, recordedAtMs: reservation.cancelledAtMs ?? reservation.startMs }));
  }

  async manual(userId: string): Promise<ManualRestriction | null> {
    return this.manuals.get(userId) ?? null;
  }

  async setManual(userId: string, restricted: boolean, reason: string, staffId: string): Promise<boolean> {
    if (!(await this.world.members.findById(userId))) return false;
    const by = (await this.world.staffs.findById(staffId))?.name ?? null;
    this.manuals.set(userId, { restricted, reason, atMs: this.world.clock?.now().toMillis() ?? Date.now(), by });
    return true;
  }

  async membersByPhone(clinicId: string, phone: string): Promise<string[]> {
    const key = phoneKey(phone);
    if (key === null) return [];
    return this.world.members
      .all()
      .filter((member) => member.clinicId === clinicId && phoneKey(member.phone) === key)
      .map((member) => member.id);
  }
}

/**
 * The waitlist's tables in memory (`waitlist_entries`, `waitlist_offers` and the offers' holds in
 * the shared allocations, under the same exclusion rule as reservations and blocks), as
 * KnexWaitlistRepository stores them: storage only. Its transaction runs in the reservation fake's
 * (an accepted offer's booking) and undoes the waitlist's writes when the work fails. The `within`
 * narrowing of `waiting` is left out: it only spares the database rows the matcher would pass over.
 * Messages are not kept (no outbox in the fakes).
 */
export class InMemoryWaitlist implements WaitlistRepositoryPort {
  private rows = new Map<string, StoredEntry>();
  private readonly nextId = sequence();
  private readonly nextOfferId = sequence();
  private readonly tokens = new Map<string, string>();

  constructor(
    private readonly world: InMemoryReservationWorld,
    readonly noShows: NoShowRecordPort = new InMemoryNoShows(world),
  ) {}

  private now(): number {
    return this.world.clock?.now().toMillis() ?? Date.now();
  }

  async inTransaction<T>(work: (tx: WaitlistTx) => Promise<T>): Promise<T> {
    const before = new Map(this.rows);
    const undo: (() => void)[] = [];
    const restore = () => {
      for (const step of undo.reverse()) step();
      this.rows = before;
    };
    try {
      const value = await this.world.reservations.inTransaction((booking) => work(this.tx(booking, undo)));
      if (isFailure(value)) restore();
      return value;
    } catch (error) {
      restore();
      throw error;
    }
  }

  private tx(booking: WaitlistTx['booking'], undo: (() => void)[]): WaitlistTx {
    const { allocations, members } = this.world;
    return {
      availability: this.world.availability,
      booking,
      noShows: this.noShows,
      recipient: async (userId): Promise<Recipient | null> => {
        const member = await members.findById(userId);
        return member ? { email: member.email, lineUserId: member.lineUserId, preference: member.notificationChannel ?? null } : null;
      },
      lockClinic: async () => {},
      waiting: async (clinicId, fromDay, toDay) =>
        this.entries((entry) => entry.clinicId === clinicId && entry.status === 'WAITING' && entry.from <= toDay && entry.to >= fromDay),
      memberLoginRequired: (clinicId, guest) => this.memberLoginRequired(clinicId, guest),
      lock: (entryId) => this.findById(entryId),
      hold: async (entry, offer: NewOffer, _message: NewMessage | null) => {
        const row = this.rows.get(entry.id);
        if (!row || row.status !== 'WAITING') return false;
        const id = this.nextOfferId();
        try {
          allocations.put(offerOwner(id), row.clinicId, holdsOf(offer), true, 'RESERVATION_CONFLICT');
        } catch (error) {
          if (error instanceof DomainRuleViolation) return false;
          throw error;
        }
        undo.push(() => allocations.release(offerOwner(id)));
        const { staffId: _staffId, ...kept } = offer;
        this.rows.set(row.id, { ...row, status: 'OFFERED', offer: { ...kept, id, entryId: row.id } });
        return true;
      },
      endOffer: async (entryId) => {
        const offer = this.rows.get(entryId)?.offer;
        if (!offer) return;
        allocations.release(offerOwner(offer.id));
        undo.push(() => allocations.put(offerOwner(offer.id), this.rows.get(entryId)!.clinicId, holdsOf(offer), true, 'RESERVATION_CONFLICT'));
        this.rows.set(entryId, { ...this.rows.get(entryId)!, offer: null });
      },
      setStatus: async (entryId, status, reservationId) => {
        const row = this.rows.get(entryId);
        if (row) this.rows.set(entryId, { ...row, status, ...(reservationId !== undefined ? { reservationId } : {}) });
      },
      dueOffers: async (nowMs, limit): Promise<DueOffer[]> =>
        [...this.rows.values()]
          .flatMap((row) => (row.offer && row.offer.expiresAtMs <= nowMs ? [{ row, offer: row.offer }] : []))
          .sort((a, b) => a.offer.expiresAtMs - b.offer.expiresAtMs || Number(a.offer.id) - Number(b.offer.id))
          .slice(0, limit)
          .map(({ row, offer }) => ({ offerId: offer.id, entryId: row.id, clinicId: row.clinicId, startMs: offer.startMs, endMs: offer.endMs })),
    };
  }

  async join(
    entry: NewWaitlistEntry,
    _message: NewMessage | null,
    limits: { readonly perPerson: number; readonly perAddress: number },
  ): Promise<{ readonly written: WaitlistEntry } | { readonly refused: 'open' | 'capped' }> {
    const open = [...this.rows.values()].filter(isOpen);
    const person = personOf(entry);
    const theirs = open.filter((other) => personOf(other) === person);
    if (theirs.some((other) => other.clinicId === entry.clinicId && other.menuId === entry.menuId)) return { refused: 'open' };
    // The address's cap holds for an entry with an address only (a guest's), as the Knex join counts it.
    const fromAddress = open.filter((other) => other.clientAddress === entry.clientAddress);
    if (theirs.length >= limits.perPerson || (entry.clientAddress && fromAddress.length >= limits.perAddress)) return { refused: 'capped' };
    const row: StoredEntry = { ...entry, id: this.nextId(), status: 'WAITING', reservationId: null, createdAtMs: this.now(), offer: null };
    this.rows.set(row.id, row);
    if (entry.tokenHash) this.tokens.set(entry.tokenHash, row.id);
    return { written: (await this.findById(row.id))! };
  }

  async findById(id: string): Promise<WaitlistEntry | null> {
    const row = this.rows.get(id);
    return row ? this.view(row) : null;
  }

  async findByTokenHash(hash: string): Promise<WaitlistEntry | null> {
    const id = this.tokens.get(hash);
    return id ? this.findById(id) : null;
  }

  /** Newest first, as the Knex read orders them. */
  async listForMember(userId: string): Promise<WaitlistEntry[]> {
    return (await this.entries((entry) => entry.userId === userId)).reverse();
  }

  listForClinic(clinicId: string, day: string | null): Promise<WaitlistEntry[]> {
    return this.entries((entry) => entry.clinicId === clinicId && (day === null ? isOpen(entry) : entry.from <= day && day <= entry.to));
  }

  async heldOffers(clinicId: string, fromMs: number, toMs: number): Promise<HeldOffer[]> {
    const held = await this.entries((entry) => entry.clinicId === clinicId && !!entry.offer && entry.offer.startMs < toMs && fromMs < entry.offer.endMs);
    // By the offer's start, as the calendar reads them.
    return held
      .sort((a, b) => a.offer!.startMs - b.offer!.startMs)
      .map(({ id, name, menuName, offer }) => ({
        entryId: id,
        name,
        menuName,
        startMs: offer!.startMs,
        endMs: offer!.endMs,
        expiresAtMs: offer!.expiresAtMs,
        tasks: offer!.tasks,
      }));
  }

  async memberLoginRequired(clinicId: string, guest: WaitlistGuest): Promise<boolean> {
    const email = guest.email.trim().toLowerCase();
    const phone = phoneKey(guest.phone);
    return this.world.members
      .all()
      .some(
        (member) =>
          member.status === 'FULL' &&
          ((phone !== null && member.clinicId === clinicId && phoneKey(member.phone) === phone && nameKey(member.name) === nameKey(guest.name)) ||
            (email !== '' && member.email?.toLowerCase() === email)),
      );
  }

  async hasOpenEntry(clinicId: string, menuId: string, who: { userId: string } | { phone: string; name: string }): Promise<boolean> {
    const person = waitlistPersonKey(who);
    return [...this.rows.values()].some((entry) => isOpen(entry) && entry.clinicId === clinicId && entry.menuId === menuId && personOf(entry) === person);
  }

  private async entries(match: (entry: StoredEntry) => boolean): Promise<WaitlistEntry[]> {
    const rows = [...this.rows.values()].filter(match).sort((a, b) => a.createdAtMs - b.createdAtMs || Number(a.id) - Number(b.id));
    return Promise.all(rows.map((row) => this.view(row)));
  }

  /** The entry with its menu's and person's names as they are now (the Knex reads join them). */
  private async view(row: StoredEntry): Promise<WaitlistEntry> {
    const menu = this.world.menus.stored(row.menuId);
    const member = row.userId ? await this.world.members.findById(row.userId) : null;
    return {
      id: row.id,
      clinicId: row.clinicId,
      menuId: row.menuId,
      menuName: menu?.name ?? '',
      menuTranslations: menu?.translations ?? {},
      userId: row.userId,
      guest: row.guest,
      name: row.guest?.name ?? member?.name ?? '',
      from: row.from,
      to: row.to,
      times: row.times,
      status: row.status,
      reservationId: row.reservationId,
      createdAtMs: row.createdAtMs,
      offer: row.offer,
    };
  }
}
