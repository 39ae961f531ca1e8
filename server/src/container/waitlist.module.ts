import { guestWaitlistRouter, memberWaitlistRouter, staffBookingRestrictionRouter, staffWaitlistRouter } from '@clinic/adapters/http';
import {
  KnexAvailabilitySource,
  KnexNoShowRecords,
  KnexReservationRepository,
  KnexWaitlistRepository,
  type Database,
  type FreedTimeOffer,
  type OutboxWriter,
} from '@clinic/adapters/persistence';
import {
  BookingRestrictions,
  GuestLimitsUseCase,
  WaitlistMatcher,
  WaitlistUseCase,
  type AuditLogPort,
  type AvailabilitySourcePort,
  type CancelTokensPort,
  type ClockPort,
  type ContractLedgerPort,
  type GuestBookingGuard,
  type MemberRepositoryPort,
  type NoShowRecordPort,
  type ReservationMessages,
  type ReservationRepositoryPort,
  type StaffRepositoryPort,
} from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Config } from '../config';
import { MESSAGES } from './messages.module';
import { RESERVATIONS } from './reservations.module';
import { ACCOUNTS, HTTP, NOTIFICATIONS, SHARED } from './tokens';

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.waitlist.${name}`);

export const WAITLIST = {
  records: token<NoShowRecordPort>('records'),
  restrictions: token<BookingRestrictions>('restrictions'),
  matcher: token<WaitlistMatcher>('matcher'),
  repository: token<KnexWaitlistRepository>('repository'),
  useCase: token<WaitlistUseCase>('useCase'),
} as const;

/** The waitlist (キャンセル待ち) and the no-show policy (docs/waitlist.md). */
export const waitlistModule = new ContainerModule(({ bind }) => {
  bind(WAITLIST.records)
    .toResolvedValue((db: Database) => new KnexNoShowRecords(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(WAITLIST.restrictions)
    .toResolvedValue(
      (records: NoShowRecordPort, source: AvailabilitySourcePort, audit: AuditLogPort, clock: ClockPort) =>
        new BookingRestrictions(records, source, audit, clock),
      [WAITLIST.records, RESERVATIONS.source, SHARED.audit, SHARED.clock],
    )
    .inSingletonScope();
  bind(WAITLIST.matcher)
    .toResolvedValue((clock: ClockPort, messages: ReservationMessages) => new WaitlistMatcher(clock, messages), [SHARED.clock, NOTIFICATIONS.reservations])
    .inSingletonScope();
  bind(WAITLIST.repository)
    .toResolvedValue(
      (db: Database, outbox: OutboxWriter) =>
        new KnexWaitlistRepository(
          db.knex,
          {
            availability: (trx) => new KnexAvailabilitySource(trx),
            // An accepted offer's booking, in the waitlist's transaction (it frees no time).
            booking: (trx) => new KnexReservationRepository(trx, db.changeChannel, outbox).txOn(trx),
          },
          outbox,
        ),
      [SHARED.database, MESSAGES.outbox],
    )
    .inSingletonScope();
  // Time a reservation change frees is offered by the matcher in that change's transaction.
  bind(RESERVATIONS.freedTime)
    .toResolvedValue(
      (repository: KnexWaitlistRepository, matcher: WaitlistMatcher): FreedTimeOffer =>
        async (trx, freed, options) => {
          await matcher.match(repository.tx(trx, options), freed);
        },
      [WAITLIST.repository, WAITLIST.matcher],
    )
    .inSingletonScope();
  bind(WAITLIST.useCase)
    .toResolvedValue(
      (
        repository: KnexWaitlistRepository,
        source: AvailabilitySourcePort,
        matcher: WaitlistMatcher,
        restrictions: BookingRestrictions,
        ledger: ContractLedgerPort,
        tokens: CancelTokensPort,
        audit: AuditLogPort,
        clock: ClockPort,
        messages: ReservationMessages,
        reservations: ReservationRepositoryPort,
        config: Config,
      ) => new WaitlistUseCase(repository, source, matcher, restrictions, ledger, tokens, audit, clock, messages, reservations, config.waitlistLimits),
      [
        WAITLIST.repository,
        RESERVATIONS.source,
        WAITLIST.matcher,
        WAITLIST.restrictions,
        RESERVATIONS.ledger,
        RESERVATIONS.tokens,
        SHARED.audit,
        SHARED.clock,
        NOTIFICATIONS.reservations,
        RESERVATIONS.repository,
        SHARED.config,
      ],
    )
    .inSingletonScope();
  for (const router of [memberWaitlistRouter, staffWaitlistRouter]) {
    bind(HTTP.router)
      .toResolvedValue(
        (waitlist: WaitlistUseCase, staffs: StaffRepositoryPort, members: MemberRepositoryPort) => router(waitlist, { staffs, members }),
        [WAITLIST.useCase, ACCOUNTS.staffs, ACCOUNTS.members],
      )
      .inSingletonScope();
  }
  // A guest's registration mails the address given: the guest booking guard admits it first.
  bind(HTTP.router)
    .toResolvedValue(
      (waitlist: WaitlistUseCase, staffs: StaffRepositoryPort, members: MemberRepositoryPort, guard: GuestBookingGuard) =>
        guestWaitlistRouter(waitlist, { staffs, members }, guard),
      [WAITLIST.useCase, ACCOUNTS.staffs, ACCOUNTS.members, RESERVATIONS.guestGuard],
    )
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue(
      (restrictions: BookingRestrictions, staffs: StaffRepositoryPort, members: MemberRepositoryPort, guard: GuestBookingGuard, audit: AuditLogPort) =>
        staffBookingRestrictionRouter(restrictions, { staffs, members }, new GuestLimitsUseCase(members, guard, audit)),
      [WAITLIST.restrictions, ACCOUNTS.staffs, ACCOUNTS.members, RESERVATIONS.guestGuard, SHARED.audit],
    )
    .inSingletonScope();
});
