import { describe, expect, it } from 'vitest';
import { HttpError, type HttpFailure } from '../api/http';
import { bookingFailure, refusalText } from './booking-errors';

const refusal = (status: number, code?: string, message?: string, redirectTo?: string): HttpError =>
  new HttpError({ kind: 'status', status, body: code ? { error: { code, ...(message === undefined ? {} : { message }) } } : null } satisfies HttpFailure, {
    text: `notice of ${code ?? status}`,
    durationMs: 5_000,
    ...(redirectTo ? { redirectTo } : {}),
  });

describe('the booking error policy', () => {
  it('sends a taken or unbookable time back to the times', () => {
    for (const code of ['RESERVATION_CONFLICT', 'RESOURCE_COLLISION', 'INVALID_TIMESLOT', 'CLINIC_CLOSED', 'TOO_FAR_AHEAD', 'SEARCH_PERIOD_TOO_LONG']) {
      expect(bookingFailure(refusal(409, code)).backTo, code).toBe('time');
    }
  });

  it('sends a clinic or menu that cannot be booked back to the menu', () => {
    for (const code of [
      'WEB_BOOKING_DISABLED',
      'CLINIC_NOT_FOUND',
      'MENU_NOT_FOUND',
      'MENU_NOT_ENABLED',
      'MENU_NOT_SUBSCRIBED',
      'ALREADY_RESERVED',
      'CLINIC_SETTINGS_INADEQUATE',
    ]) {
      expect(bookingFailure(refusal(400, code)).backTo, code).toBe('menu');
    }
    expect(bookingFailure(refusal(400, 'VALIDATION_FAILED')).backTo).toBe('details');
  });

  it('keeps the person where they are for anything else: deadlines (with the clinic phone), a member login, unknown codes, server errors', () => {
    expect(bookingFailure(refusal(400, 'UPDATE_DEADLINE_PASSED', '変更期限を過ぎています。'))).toEqual({
      backTo: null,
      text: 'notice of UPDATE_DEADLINE_PASSED',
      memberLogin: false,
      callClinic: true,
      answered: true,
    });
    expect(bookingFailure(refusal(400, 'CANCEL_DEADLINE_PASSED')).callClinic).toBe(true);
    expect(bookingFailure(refusal(409, 'MEMBER_LOGIN_REQUIRED'))).toMatchObject({ backTo: null, memberLogin: true });
    expect(bookingFailure(refusal(403, 'NO_SHOW_RESTRICTED', 'お電話でご予約ください。'))).toMatchObject({ backTo: null });
    expect(bookingFailure(refusal(500)).backTo).toBeNull();
    // A code the app does not know is not looked up on the object's prototype either.
    expect(bookingFailure(refusal(400, 'constructor')).backTo).toBeNull();
  });

  it("shows the client's notice, which for any code is the server's words (describeFailure)", () => {
    expect(refusalText(refusal(403, 'ONLINE_BOOKING_RESTRICTED', 'お電話でご予約ください。'))).toBe('notice of ONLINE_BOOKING_RESTRICTED');
    expect(refusalText(refusal(409, 'RESERVATION_CONFLICT', 'サーバーの文'))).toBe('notice of RESERVATION_CONFLICT');
  });

  it('says nothing when the app goes to the login, or for what is not an HTTP failure (a bug, rethrown)', () => {
    expect(bookingFailure(refusal(401, undefined, undefined, '/user/login/')).text).toBe('');
    expect(bookingFailure(new TypeError('x'))).toEqual({ backTo: null, text: '', memberLogin: false, callClinic: false, answered: false });
  });

  it('a lost answer is not an answer: the next attempt keeps the key', () => {
    expect(bookingFailure(new HttpError({ kind: 'network' }, { text: '応答なし', durationMs: 5_000 }))).toMatchObject({ answered: false, text: '応答なし' });
    expect(bookingFailure(refusal(409, 'RESERVATION_CONFLICT')).answered).toBe(true);
    // The same key still being answered: the retry keeps it (and gets that call's outcome).
    expect(bookingFailure(refusal(409, 'IDEMPOTENCY_IN_PROGRESS')).answered).toBe(false);
  });
});
