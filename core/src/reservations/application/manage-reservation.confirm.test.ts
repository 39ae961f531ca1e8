import { InMemoryAuditLog } from '@clinic/test/fakes';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../shared/system-clock';
import type { ReservationStatus, ReservationView } from '../domain/reservation.entity';
import type { ReservationRepositoryPort } from '../ports/reservation-repository.port';
import type { BookReservationUseCase } from './book-reservation.use-case';
import { ManageReservationUseCase } from './manage-reservation.use-case';

const START = Date.parse('2026-12-02T10:00:00+09:00');

const view = (id: string, userId: string, status: ReservationStatus = 'RESERVED'): ReservationView => ({
  id,
  clinicId: '1',
  userId,
  menuIds: ['41'],
  menuNames: ['医療脱毛（全身）'],
  menuTranslations: [{}],
  userName: '山田 花子',
  userKana: 'ヤマダ ハナコ',
  userNumber: null,
  status,
  source: 'WEB_MEMBER',
  startMs: START,
  endMs: START + 90 * 60_000,
  tasks: [],
  memo: '',
  campaign: null,
  createdAtMs: START - 7 * 86_400_000,
  cancelledAtMs: null,
  confirmedAtMs: null,
  version: 1,
});

/** Only what confirming uses; `confirm` applies the same rule as the SQL statement. */
class FakeReservations {
  readonly rows = new Map<string, ReservationView>();
  readonly tokens = new Map<string, string>();
  readonly visitTokens = new Map<string, string>();
  /** Set to make the next `confirm` lose a race (the row changed in between). */
  raceLost = false;

  async findById(id: string) {
    return this.rows.get(id) ?? null;
  }
  async findByCancelTokenHash(hash: string) {
    const id = this.tokens.get(hash);
    return id ? (this.rows.get(id) ?? null) : null;
  }
  async findByVisitTokenHash(hash: string) {
    const id = this.visitTokens.get(hash);
    return id ? (this.rows.get(id) ?? null) : null;
  }
  async confirm(id: string, atMs: number) {
    const row = this.rows.get(id);
    if (!row || this.raceLost || row.status !== 'RESERVED' || row.startMs <= atMs) return null;
    const next = { ...row, confirmedAtMs: row.confirmedAtMs ?? atMs };
    this.rows.set(id, next);
    return { reservation: next, first: row.confirmedAtMs === null };
  }
}

const setUp = () => {
  const clock = fixedClock('2026-12-01T18:05:00');
  const repository = new FakeReservations();
  const audit = new InMemoryAuditLog();
  const tokens = { issue: () => ({ token: 't', hash: 'h' }), hash: (token: string) => `hash:${token}` };
  const manage = new ManageReservationUseCase(
    repository as unknown as ReservationRepositoryPort,
    { clinic: async () => null, load: async () => null, loadForSearch: async () => null },
    {} as BookReservationUseCase,
    tokens,
    audit,
    clock,
  );
  repository.rows.set('1001', view('1001', '101'));
  return { clock, repository, audit, manage };
};

describe('ManageReservationUseCase: confirming the visit', () => {
  it('records the time a member confirms their own visit, and audits it', async () => {
    const { manage, audit } = setUp();
    const result = await manage.confirmByMember('101', '1001');
    expect(result.ok && result.value.confirmedAtMs).toBe(Date.parse('2026-12-01T18:05:00+09:00'));
    expect(audit.entries).toEqual([
      expect.objectContaining({
        actorType: 'user',
        actorId: '101',
        action: 'reservation.confirm',
        entity: 'reservation',
        entityId: '1001',
        after: { confirmedAt: '2026-12-01T09:05:00.000Z' },
      }),
    ]);
  });

  it('keeps the first time when confirmed again, and audits only the first', async () => {
    const { manage, audit, clock } = setUp();
    await manage.confirmByMember('101', '1001');
    clock.set('2026-12-01T20:00:00');
    const again = await manage.confirmByMember('101', '1001');
    expect(again.ok && again.value.confirmedAtMs).toBe(Date.parse('2026-12-01T18:05:00+09:00'));
    expect(audit.entries).toHaveLength(1);
  });

  it("answers another member's reservation as not found", async () => {
    const { manage, repository } = setUp();
    expect(await manage.confirmByMember('202', '1001')).toEqual({ ok: false, error: { code: 'RESERVATION_NOT_FOUND' } });
    expect(repository.rows.get('1001')!.confirmedAtMs).toBeNull();
  });

  it.each(['CANCELLED', 'NOT_VISITED', 'VISITED'] as const)('refuses a %s reservation', async (status) => {
    const { manage, repository, audit } = setUp();
    repository.rows.set('1001', view('1001', '101', status));
    const result = await manage.confirmByMember('101', '1001');
    expect(!result.ok && result.error.code).toBe('VISIT_NOT_CONFIRMABLE');
    expect(audit.entries).toHaveLength(0);
  });

  it('refuses a visit that has started', async () => {
    const { manage, clock } = setUp();
    clock.set('2026-12-02T10:00:00');
    const result = await manage.confirmByMember('101', '1001');
    expect(!result.ok && result.error.code).toBe('VISIT_NOT_CONFIRMABLE');
  });

  it('refuses when the reservation changed between the read and the write (the database decides)', async () => {
    const { manage, repository, audit } = setUp();
    repository.raceLost = true;
    const result = await manage.confirmByMember('101', '1001');
    expect(!result.ok && result.error.code).toBe('VISIT_NOT_CONFIRMABLE');
    expect(audit.entries).toHaveLength(0);
  });

  it('lets a guest confirm with the cancel token, and refuses an unknown token', async () => {
    const { manage, repository, audit } = setUp();
    repository.rows.set('1002', { ...view('1002', '301'), source: 'WEB_GUEST' });
    repository.tokens.set('hash:guest-token-123', '1002');
    expect(await manage.confirmByGuestToken('someone-else-token')).toEqual({ ok: false, error: { code: 'INVALID_TOKEN' } });
    const result = await manage.confirmByGuestToken('guest-token-123');
    expect(result.ok && result.value.confirmedAtMs).toBe(Date.parse('2026-12-01T18:05:00+09:00'));
    expect(audit.entries).toEqual([expect.objectContaining({ actorType: 'guest', actorId: '301', action: 'reservation.confirm', entityId: '1002' })]);
  });

  it("lets a guest confirm with the reminder's confirm-only token", async () => {
    const { manage, repository } = setUp();
    repository.rows.set('1003', { ...view('1003', '302'), source: 'WEB_GUEST' });
    repository.visitTokens.set('hash:visit-token-456', '1003');
    const result = await manage.confirmByGuestToken('visit-token-456');
    expect(result.ok && result.value.id).toBe('1003');
    // It is not a cancel token.
    expect((await manage.cancelByGuestToken('visit-token-456')).ok).toBe(false);
  });
});
