import { guestReservationsRouter, memberReservationsRouter, staffReservationsRouter, type ReservationsHttpDeps } from '@clinic/adapters/http';
import {
  DatabaseChangeFeed,
  KnexAvailabilitySource,
  ScheduleCopies,
  KnexReservationHistory,
  KnexContractLedger,
  KnexAppSecrets,
  KnexIdempotencyStore,
  KnexReservationRepository,
  PgAttemptCounter,
  type Database,
  type FreedTimeOffer,
  type OutboxWriter,
} from '@clinic/adapters/persistence';
import { AltchaProofOfWork, CryptoCancelTokens } from '@clinic/adapters/security';
import {
  BookReservationUseCase,
  ReservationQueriesUseCase,
  GuestBookingGuard,
  ManageReservationUseCase,
  SearchAvailabilityUseCase,
  StaffBookingUseCase,
  type MenuRepositoryPort,
  type AuditLogPort,
  type AvailabilitySourcePort,
  type ChangeFeedPort,
  type ReservationHistoryPort,
  type CancelTokensPort,
  type FormsUseCase,
  type ClockPort,
  type ContractLedgerPort,
  type ReservationMessages,
  type BookingRestrictions,
  type IdempotencyStorePort,
  type MemberRepositoryPort,
  type ReservationRepositoryPort,
  type StaffRepositoryPort,
} from '@clinic/core';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { MENUS } from './menus.module';
import { MESSAGES } from './messages.module';
import type { Config } from '../config';
import { ACCOUNTS, FORMS, HTTP, NOTIFICATIONS, SHARED } from './tokens';

/** How long a proof-of-work challenge may be solved and redeemed. */
const CHALLENGE_TTL_SECONDS = 600;
const HOUR = 3600;
const DAY = 24 * HOUR;

/** The guest booking guard: counters in PostgreSQL (rate-limiter-flexible) and ALTCHA challenges. */
const guestGuard = (db: Database, config: Config): GuestBookingGuard => {
  const policy = config.guestGuard;
  const secrets = new KnexAppSecrets(db.knex);
  const counter = (name: string, windowSeconds: number, limit: number, cleansExpired = false) =>
    new PgAttemptCounter(db.knex, { name, windowSeconds, limit, cleansExpired });
  const proofOfWork = new AltchaProofOfWork(
    async () => ({ signature: await secrets.get('guest-challenge-signature'), key: await secrets.get('guest-challenge-key') }),
    counter('challenge-used', CHALLENGE_TTL_SECONDS, 1),
    { cost: policy.challengeCost, maxCounter: policy.challengeMaxCounter, ttlSeconds: CHALLENGE_TTL_SECONDS },
  );
  return new GuestBookingGuard(
    {
      address: counter('guest-address', HOUR, policy.maxPerAddress, true),
      phone: counter('guest-phone', DAY, policy.maxPerPhone),
      email: counter('guest-email', DAY, policy.maxPerEmail),
    },
    proofOfWork,
    { freePerAddress: policy.freePerAddress, maxPerAddress: policy.maxPerAddress, maxPerPhone: policy.maxPerPhone, maxPerEmail: policy.maxPerEmail },
  );
};

const token = <T>(name: string): ServiceIdentifier<T> => Symbol.for(`clinic.reservations.${name}`);

export const RESERVATIONS = {
  source: token<AvailabilitySourcePort>('source'),
  repository: token<ReservationRepositoryPort>('repository'),
  /** The waitlist's matcher on a change's transaction (bound by the waitlist module). */
  freedTime: token<FreedTimeOffer>('freedTime'),
  ledger: token<ContractLedgerPort>('ledger'),
  tokens: token<CancelTokensPort>('tokens'),
  idempotency: token<IdempotencyStorePort>('idempotency'),
  history: token<ReservationHistoryPort>('history'),
  changes: token<ChangeFeedPort>('changes'),
  search: token<SearchAvailabilityUseCase>('search'),
  book: token<BookReservationUseCase>('book'),
  manage: token<ManageReservationUseCase>('manage'),
  staffBooking: token<StaffBookingUseCase>('staffBooking'),
  guestGuard: token<GuestBookingGuard>('guestGuard'),
  httpDeps: token<ReservationsHttpDeps>('httpDeps'),
} as const;

export const reservationsModule = new ContainerModule(({ bind }) => {
  bind(RESERVATIONS.source)
    .toResolvedValue((db: Database) => new KnexAvailabilitySource(db.knex, new ScheduleCopies()), [SHARED.database])
    .inSingletonScope();
  bind(RESERVATIONS.repository)
    .toResolvedValue(
      (db: Database, outbox: OutboxWriter, freedTime: FreedTimeOffer) => new KnexReservationRepository(db.knex, db.changeChannel, outbox, freedTime),
      [SHARED.database, MESSAGES.outbox, RESERVATIONS.freedTime],
    )
    .inSingletonScope();
  bind(RESERVATIONS.history)
    .toResolvedValue((db: Database) => new KnexReservationHistory(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(RESERVATIONS.changes)
    .toResolvedValue((db: Database) => new DatabaseChangeFeed(db), [SHARED.database])
    .inSingletonScope();
  bind(RESERVATIONS.ledger)
    .toResolvedValue((db: Database) => new KnexContractLedger(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(RESERVATIONS.idempotency)
    .toResolvedValue((db: Database) => new KnexIdempotencyStore(db.knex), [SHARED.database])
    .inSingletonScope();
  bind(RESERVATIONS.tokens).toConstantValue(new CryptoCancelTokens());
  bind(RESERVATIONS.guestGuard).toResolvedValue(guestGuard, [SHARED.database, SHARED.config]).inSingletonScope();
  bind(RESERVATIONS.search)
    .toResolvedValue(
      (source: AvailabilitySourcePort, ledger: ContractLedgerPort, clock: ClockPort) => new SearchAvailabilityUseCase(source, ledger, clock),
      [RESERVATIONS.source, RESERVATIONS.ledger, SHARED.clock],
    )
    .inSingletonScope();
  bind(RESERVATIONS.book)
    .toResolvedValue(
      (
        source: AvailabilitySourcePort,
        repository: ReservationRepositoryPort,
        ledger: ContractLedgerPort,
        tokens: CancelTokensPort,
        clock: ClockPort,
        notifier: ReservationMessages,
        restrictions: BookingRestrictions,
      ) => new BookReservationUseCase(source, repository, ledger, tokens, clock, notifier, restrictions),
      [
        RESERVATIONS.source,
        RESERVATIONS.repository,
        RESERVATIONS.ledger,
        RESERVATIONS.tokens,
        SHARED.clock,
        NOTIFICATIONS.reservations,
        Symbol.for('clinic.waitlist.restrictions'),
      ],
    )
    .inSingletonScope();
  bind(RESERVATIONS.staffBooking)
    .toResolvedValue(
      (
        book: BookReservationUseCase,
        source: AvailabilitySourcePort,
        menus: MenuRepositoryPort,
        members: MemberRepositoryPort,
        audit: AuditLogPort,
        clock: ClockPort,
        manage: ManageReservationUseCase,
        repository: ReservationRepositoryPort,
      ) => new StaffBookingUseCase(book, source, menus, members, audit, clock, manage, repository),
      [RESERVATIONS.book, RESERVATIONS.source, MENUS.menus, ACCOUNTS.members, SHARED.audit, SHARED.clock, RESERVATIONS.manage, RESERVATIONS.repository],
    )
    .inSingletonScope();
  bind(RESERVATIONS.manage)
    .toResolvedValue(
      (
        repository: ReservationRepositoryPort,
        source: AvailabilitySourcePort,
        book: BookReservationUseCase,
        tokens: CancelTokensPort,
        audit: AuditLogPort,
        clock: ClockPort,
        ledger: ContractLedgerPort,
        notifier: ReservationMessages,
      ) => new ManageReservationUseCase(repository, source, book, tokens, audit, clock, ledger, notifier),
      [
        RESERVATIONS.repository,
        RESERVATIONS.source,
        RESERVATIONS.book,
        RESERVATIONS.tokens,
        SHARED.audit,
        SHARED.clock,
        RESERVATIONS.ledger,
        NOTIFICATIONS.reservations,
      ],
    )
    .inSingletonScope();
  bind(RESERVATIONS.httpDeps)
    .toResolvedValue(
      (
        search: SearchAvailabilityUseCase,
        book: BookReservationUseCase,
        manage: ManageReservationUseCase,
        reservations: ReservationRepositoryPort,
        source: AvailabilitySourcePort,
        idempotency: IdempotencyStorePort,
        history: ReservationHistoryPort,
        changes: ChangeFeedPort,
        staffs: StaffRepositoryPort,
        members: MemberRepositoryPort,
        staffBooking: StaffBookingUseCase,
        guestGuard: GuestBookingGuard,
        forms: FormsUseCase,
      ): ReservationsHttpDeps => ({
        search,
        book,
        manage,
        reservations,
        queries: new ReservationQueriesUseCase(reservations, source),
        idempotency,
        history,
        changes,
        accounts: { staffs, members },
        staffBooking,
        guestGuard,
        formsSummaries: (reservations) => forms.summaries(reservations),
      }),
      [
        RESERVATIONS.search,
        RESERVATIONS.book,
        RESERVATIONS.manage,
        RESERVATIONS.repository,
        RESERVATIONS.source,
        RESERVATIONS.idempotency,
        RESERVATIONS.history,
        RESERVATIONS.changes,
        ACCOUNTS.staffs,
        ACCOUNTS.members,
        RESERVATIONS.staffBooking,
        RESERVATIONS.guestGuard,
        FORMS.forms,
      ],
    )
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue((deps: ReservationsHttpDeps) => memberReservationsRouter(deps), [RESERVATIONS.httpDeps])
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue((deps: ReservationsHttpDeps) => guestReservationsRouter(deps), [RESERVATIONS.httpDeps])
    .inSingletonScope();
  bind(HTTP.router)
    .toResolvedValue((deps: ReservationsHttpDeps) => staffReservationsRouter(deps), [RESERVATIONS.httpDeps])
    .inSingletonScope();
});
