import { DateTime } from 'luxon';
import { zoneOf } from '../../shared/zone-offset';
import type { ReservationMessages } from '../../messages/application/reservation-messages';
import type { ClockPort } from '../../shared/clock.port';
import { AvailabilityEngine, type Slot } from '../../reservations/domain/availability-engine';
import { bookingDays } from '../../reservations/domain/booking-calendar';
import { horizonMs } from '../../reservations/domain/booking-policy';
import { hasLiveBookingOfMenu } from '../../reservations/application/reservation-checks';
import type { FreedTime } from '../../reservations/ports/reservation-repository.port';
import { fitsEntry, offerTiming, type WaitlistEntry } from '../domain/waitlist.entity';
import type { WaitlistTx } from '../ports/waitlist-repository.port';
import { checkRestriction } from '../../no-shows/application/booking-restrictions';

/** Freed time of a clinic: a cancelled or no-show visit, a removed block, an added shift, an ended offer. */
export type { FreedTime };

const DAY_MS = 86_400_000;

/**
 * Turns freed time into offers. Entries are served in registration order: each WAITING entry
 * whose days and times fit gets the earliest start of its menu that the freed time makes bookable
 * (the engine decides, as for a booking), held for it in the database so that nobody else can
 * take it. Runs inside the transaction that freed the time, under the clinic's waitlist lock.
 */
export class WaitlistMatcher {
  constructor(
    private readonly clock: ClockPort,
    private readonly messages?: ReservationMessages,
  ) {}

  /** Offers what `freed` makes bookable; the number of offers made. */
  async match(tx: WaitlistTx, freed: FreedTime, only?: { entryId: string }): Promise<number> {
    const nowMs = this.clock.now().toMillis();
    const clinic = await tx.availability.clinic(freed.clinicId);
    if (!clinic || !clinic.webBookingEnabled) return 0;
    const zone = clinic.zone;
    const latestMs = horizonMs(zone, nowMs);
    const fromMs = Math.max(freed.fromMs, nowMs);
    const toMs = Math.min(freed.toMs, latestMs);
    if (fromMs >= toMs) return 0;
    await tx.lockClinic(freed.clinicId);
    const first = DateTime.fromMillis(fromMs, { zone: zoneOf(zone) });
    const last = DateTime.fromMillis(toMs - 1, { zone: zoneOf(zone) });
    const minuteOf = (time: DateTime) => time.hour * 60 + time.minute;
    // Time freed within one day: only entries whose times can meet it are read at all.
    const within = first.hasSame(last, 'day') ? { fromMinute: minuteOf(first), toMinute: minuteOf(last) + 1 } : undefined;
    const entries = (await tx.waiting(freed.clinicId, first.toISODate()!, last.toISODate()!, within)).filter((entry) => !only || entry.id === only.entryId);
    let offers = 0;
    for (const entry of entries) {
      if (!(await this.stillAcceptable(tx, entry, clinic, nowMs))) continue;
      if (await this.offerTo(tx, entry, clinic, { fromMs, toMs }, nowMs, latestMs)) offers++;
    }
    return offers;
  }

  /**
   * Whether the entry's person could accept an offer now (issue 26): not one who must log in (a
   * guest naming a FULL member), not one restricted since they joined, not one who already holds a
   * live visit of the menu. Such an entry is passed over; the time goes to the next.
   */
  private async stillAcceptable(tx: WaitlistTx, entry: WaitlistEntry, clinic: Parameters<typeof checkRestriction>[1], nowMs: number): Promise<boolean> {
    if (entry.userId) {
      if (await hasLiveBookingOfMenu(tx.booking.reservations, entry.userId, entry.menuId, nowMs)) return false;
      return (await checkRestriction(tx.noShows, clinic, { userId: entry.userId }, nowMs)).ok;
    }
    const guest = entry.guest!;
    if (await tx.memberLoginRequired(entry.clinicId, guest)) return false;
    if (!(await checkRestriction(tx.noShows, clinic, { guest: { clinicId: entry.clinicId, phone: guest.phone, name: guest.name } }, nowMs)).ok) return false;
    for (const userId of await tx.noShows.membersByPhone(entry.clinicId, guest.phone)) {
      if (await hasLiveBookingOfMenu(tx.booking.reservations, userId, entry.menuId, nowMs)) return false;
    }
    return true;
  }

  private async offerTo(
    tx: WaitlistTx,
    entry: WaitlistEntry,
    clinic: NonNullable<Awaited<ReturnType<WaitlistTx['availability']['clinic']>>>,
    freed: { fromMs: number; toMs: number },
    nowMs: number,
    latestMs: number,
  ): Promise<boolean> {
    const zone = clinic.zone;
    const from = DateTime.fromISO(entry.from, { zone: zoneOf(zone) })
      .startOf('day')
      .toMillis();
    const to = DateTime.fromISO(entry.to, { zone: zoneOf(zone) })
      .plus({ days: 1 })
      .startOf('day')
      .toMillis();
    // The day the freed time is on (a long menu may start before it and still need it).
    const loadFrom = Math.max(
      from,
      DateTime.fromMillis(freed.fromMs, { zone: zoneOf(zone) })
        .startOf('day')
        .toMillis(),
    );
    const loadTo = Math.min(
      to,
      DateTime.fromMillis(freed.toMs - 1, { zone: zoneOf(zone) })
        .plus({ days: 1 })
        .startOf('day')
        .toMillis(),
    );
    if (loadFrom >= loadTo) return false;
    const context = await tx.availability.load(entry.clinicId, entry.menuId, loadFrom, loadTo);
    const menu = context?.menu;
    if (!context || !menu || !menu.enabled || !menu.webBookable || menu.tasks.length === 0) return false;
    const timing = offerTiming(nowMs, nowMs, clinic.waitlistHoldMinutes, zone);
    const earliest = Math.max(timing.holdFromMs, nowMs) + clinic.minLeadMinutes * 60_000;
    const slots = new AvailabilityEngine({
      days: bookingDays(
        context.clinic,
        DateTime.fromMillis(loadFrom, { zone: zoneOf(zone) }).toISODate()!,
        DateTime.fromMillis(loadTo - DAY_MS, { zone: zoneOf(zone) }).toISODate()!,
      ),
      tasks: menu.tasks,
      menuCategoryId: menu.categoryId,
      staffIds: context.staffIds,
      roomIds: context.roomIds,
      machineIds: context.machineIds,
      schedules: context.schedules,
      busy: context.busy,
      earliestStartMs: earliest,
      latestStartMs: latestMs,
    })
      .search()
      .filter((slot) => fitsEntry(entry, slot.startMs, zone) && slot.startMs < freed.toMs && slot.endMs > freed.fromMs);
    for (const slot of slots) {
      if (await this.hold(tx, entry, { menu, slot, holdMinutes: clinic.waitlistHoldMinutes, zone, nowMs, staffId: null })) return true;
    }
    return false;
  }

  /**
   * Holds `slot` for `entry` with its offer message (hold from now, or from 09:00 at night, for the
   * clinic's hold minutes): the matcher's offers and the ones staff make by hand. False when the
   * database refused the hold (the time was taken meanwhile).
   */
  async hold(
    tx: WaitlistTx,
    entry: WaitlistEntry,
    offer: { menu: { id: string; tasks: readonly { label: string }[] }; slot: Slot; holdMinutes: number; zone: string; nowMs: number; staffId: string | null },
  ): Promise<boolean> {
    const { menu, slot, nowMs } = offer;
    const { holdFromMs, expiresAtMs } = offerTiming(nowMs, slot.startMs, offer.holdMinutes, offer.zone);
    const message = this.messages
      ? this.messages.waitlistOffer(
          {
            member: entry.userId ? await tx.recipient(entry.userId) : null,
            guestEmail: entry.guest?.email || null,
            guestLineUserId: entry.guest?.lineUserId ?? null,
          },
          holdFromMs,
          nowMs,
        )
      : null;
    const tasks = slot.tasks.map((task, index) => ({ ...task, menuId: menu.id, label: menu.tasks[index]!.label }));
    return tx.hold(entry, { startMs: slot.startMs, endMs: slot.endMs, tasks, holdFromMs, expiresAtMs, staffId: offer.staffId }, message);
  }
}
