import { describe, expect, it } from 'vitest';
import { bookingReducer, newIdempotencyKey, startBooking, type BookingAction, type BookingFailure, type BookingState } from './booking-flow';

const slot = { startsAt: '2026-12-03T10:00:00+09:00', endsAt: '2026-12-03T11:00:00+09:00' };
const refused = (failure: Partial<BookingFailure>): BookingAction => ({
  type: 'refused',
  failure: { backTo: null, text: '断られました。', memberLogin: false, callClinic: false, answered: true, ...failure },
});
const run = (state: BookingState, ...actions: BookingAction[]): BookingState => actions.reduce(bookingReducer, state);

/** The guest's wizard: menu → time → details → confirm, a "next" between steps. */
const guest = () => startBooking(['menu', 'time', 'details', 'confirm']);
/** The member's page: each choice opens the next step. */
const member = () => startBooking(['menu', 'time', 'confirm'], { advance: true });

describe('the guest wizard', () => {
  it('keeps its step while choosing; "next" moves on', () => {
    const s = run(guest(), { type: 'clinic', clinicId: 'c1', menuId: null }, { type: 'menu', menuId: 'm1' });
    expect(s).toMatchObject({ step: 'menu', clinicId: 'c1', menuId: 'm1' });
    const t = run(s, { type: 'step', step: 'time' }, { type: 'day', day: '2026-12-03' }, { type: 'slot', slot });
    expect(t).toMatchObject({ step: 'time', day: '2026-12-03', slot });
  });

  it('another clinic forgets the menu, day and time (but a link may name its menu); the same clinic changes nothing', () => {
    const s = run(guest(), { type: 'clinic', clinicId: 'c1', menuId: 'm1' }, { type: 'day', day: '2026-12-03' }, { type: 'slot', slot });
    expect(bookingReducer(s, { type: 'clinic', clinicId: 'c1', menuId: null })).toBe(s);
    expect(run(s, { type: 'clinic', clinicId: 'c2', menuId: 'm7' })).toMatchObject({ clinicId: 'c2', menuId: 'm7', day: null, slot: null });
  });

  it('another day forgets the time', () => {
    const s = run(guest(), { type: 'menu', menuId: 'm1' }, { type: 'day', day: '2026-12-03' }, { type: 'slot', slot }, { type: 'day', day: '2026-12-04' });
    expect(s).toMatchObject({ day: '2026-12-04', slot: null });
  });

  it('going on clears a refusal, going back keeps it in sight', () => {
    const atConfirm = run(guest(), { type: 'menu', menuId: 'm1' }, { type: 'slot', slot }, { type: 'step', step: 'confirm' });
    const s = run(atConfirm, refused({ memberLogin: true }));
    expect(s.refusal).toEqual({ text: '断られました。', memberLogin: true, callClinic: false });
    expect(run(s, { type: 'step', step: 'details' }).refusal).not.toBeNull();
    expect(run(s, { type: 'step', step: 'details' }, { type: 'step', step: 'confirm' }).refusal).toBeNull();
  });
});

describe('the member page', () => {
  it('opens the time step once a menu is chosen and the confirmation once a time is', () => {
    const s = run(member(), { type: 'menu', menuId: 'm1' });
    expect(s.step).toBe('time');
    expect(run(s, { type: 'day', day: '2026-12-03' }).step).toBe('time');
    const chosen = run(s, { type: 'day', day: '2026-12-03' }, { type: 'slot', slot });
    expect(chosen.step).toBe('confirm');
    // 時間を変更 / 日にちを変更 / メニューを変更
    expect(run(chosen, { type: 'slot', slot: null })).toMatchObject({ step: 'time', slot: null, day: '2026-12-03' });
    expect(run(chosen, { type: 'day', day: null })).toMatchObject({ step: 'time', slot: null, day: null });
    expect(run(chosen, { type: 'menu', menuId: null })).toMatchObject({ step: 'menu', menuId: null, day: null, slot: null });
  });

  it('a change of time starts at the time, its menu chosen', () => {
    expect(startBooking(['time', 'confirm'], { advance: true, menuId: 'm1' })).toMatchObject({ step: 'time', menuId: 'm1' });
    const s = run(member(), { type: 'menu', menuId: 'm1' }, { type: 'start', steps: ['time', 'confirm'], start: { advance: true, menuId: 'm2' } });
    expect(s).toMatchObject({ steps: ['time', 'confirm'], step: 'time', menuId: 'm2', slot: null });
  });
});

describe('refusals move the flow as the error policy says', () => {
  const guestAtConfirm = () =>
    run(
      guest(),
      { type: 'clinic', clinicId: 'c1', menuId: 'm1' },
      { type: 'day', day: '2026-12-03' },
      { type: 'slot', slot },
      { type: 'step', step: 'confirm' },
    );
  const memberAtConfirm = () => run(member(), { type: 'menu', menuId: 'm1' }, { type: 'day', day: '2026-12-03' }, { type: 'slot', slot });

  it('back to the time: the time is forgotten, the day kept, and the free times searched again', () => {
    for (const start of [guestAtConfirm(), memberAtConfirm()]) {
      const s = run(start, refused({ backTo: 'time' }));
      expect(s).toMatchObject({ step: 'time', slot: null, day: '2026-12-03', menuId: 'm1', search: start.search + 1, pending: false });
      expect(s.refusal?.text).toBe('断られました。');
    }
  });

  it('back to the menu: the menu is chosen anew (the guest keeps the clinic)', () => {
    expect(run(guestAtConfirm(), refused({ backTo: 'menu' }))).toMatchObject({ step: 'menu', clinicId: 'c1', menuId: null, day: null, slot: null });
    expect(run(memberAtConfirm(), refused({ backTo: 'menu' }))).toMatchObject({ step: 'menu', menuId: null, slot: null });
  });

  it('a step the page lacks is the next one it has: members stay on the confirmation, a change of time goes back to the time', () => {
    expect(run(guestAtConfirm(), refused({ backTo: 'details' }))).toMatchObject({ step: 'details', slot });
    expect(run(memberAtConfirm(), refused({ backTo: 'details' }))).toMatchObject({ step: 'confirm', slot });
    const change = run(startBooking(['time', 'confirm'], { advance: true, menuId: 'm1' }), { type: 'day', day: '2026-12-03' }, { type: 'slot', slot });
    expect(run(change, refused({ backTo: 'menu' }))).toMatchObject({ step: 'time', menuId: 'm1', slot: null });
  });

  it('a refusal without a step keeps everything but says why; one with nothing to say shows nothing', () => {
    const s = run(memberAtConfirm(), refused({ callClinic: true }));
    expect(s).toMatchObject({ step: 'confirm', slot, refusal: { callClinic: true } });
    expect(run(memberAtConfirm(), refused({ text: '' })).refusal).toBeNull();
  });
});

describe('the Idempotency-Key', () => {
  const sent = () => run(guest(), { type: 'menu', menuId: 'm1' }, { type: 'slot', slot }, { type: 'send', key: 'k1' });

  it('is kept while sending and after a lost answer, so that the retry books once', () => {
    expect(sent()).toMatchObject({ key: 'k1', pending: true, refusal: null });
    expect(run(sent(), refused({ answered: false, text: 'サーバーから応答がありません。' }))).toMatchObject({ key: 'k1', pending: false });
  });

  it('is dropped once the server answered, or when anything is chosen again', () => {
    expect(run(sent(), refused({})).key).toBeNull();
    expect(run(sent(), { type: 'slot', slot: { ...slot, startsAt: '2026-12-03T11:00:00+09:00' } }).key).toBeNull();
    expect(run(sent(), { type: 'day', day: '2026-12-04' }).key).toBeNull();
    expect(run(sent(), { type: 'menu', menuId: 'm2' }).key).toBeNull();
  });

  it('is new each time', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    expect(newIdempotencyKey()).toMatch(/.{8,}/);
  });
});
