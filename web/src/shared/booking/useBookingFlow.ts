import { useReducer } from 'react';
import { HttpError } from '../api/http';
import { bookingFailure } from './booking-errors';
import { bookingReducer, newIdempotencyKey, startBooking, type BookingStart, type BookingStep } from './booking-flow';

/**
 * The booking flow of a page: its state, `dispatch` for the choices, and `send` for the booking
 * itself, which carries the flow's Idempotency-Key and hands a refusal to the one error policy.
 */
export function useBookingFlow(steps: readonly BookingStep[], start?: BookingStart) {
  const [flow, dispatch] = useReducer(bookingReducer, null, () => startBooking(steps, start));

  /** The answer, or `undefined` when refused (the flow has moved); anything but an `HttpError` is rethrown. */
  async function send<T>(request: (idempotencyKey: string) => Promise<T>): Promise<T | undefined> {
    const key = flow.key ?? newIdempotencyKey();
    dispatch({ type: 'send', key });
    try {
      return await request(key);
    } catch (error) {
      dispatch({ type: 'refused', failure: bookingFailure(error) });
      if (!(error instanceof HttpError)) throw error;
      return undefined;
    }
  }

  return { flow, dispatch, send };
}
