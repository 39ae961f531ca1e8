import type { ReservationView } from '../domain/reservation.entity';

/** Tells the member or guest about a booking or a cancel (by mail), after the write succeeded. */
export interface ReservationNotifierPort {
  /** `cancelToken` is set for a guest booking (the mail carries the cancel link). */
  booked(reservation: ReservationView, cancelToken: string | null): Promise<void>;
  cancelled(reservation: ReservationView): Promise<void>;
}
