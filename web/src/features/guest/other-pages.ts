// The other guest pages (done, cancel, promo entry, registration done), in a chunk of their own
// so that the booking page loads none of them (docs/benchmarks.md, "Guest booking page budget").
export { GuestReserveDonePage, GuestCancelPage, GuestCancelDonePage, GuestVisitConfirmPage, GuestAdPage, GuestRegisterDonePage } from './GuestPages';
export { GuestWaitlistPage } from './GuestWaitlistPage';
