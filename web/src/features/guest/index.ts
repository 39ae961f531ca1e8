// The guest chunk: the guest layout and the booking page, all that /guest/reserve/ loads.
export { GuestLayout } from './GuestLayout';
export { GuestReservePage } from './GuestReservePage';
