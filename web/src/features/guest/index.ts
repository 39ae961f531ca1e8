// The guest chunk: the guest layout and the guest booking pages.
export { GuestLayout } from './GuestLayout';
export {
  GuestReservePage,
  GuestReserveDonePage,
  GuestCancelPage,
  GuestCancelDonePage,
  GuestAdPage,
  GuestRegisterDonePage,
} from './GuestPages';
