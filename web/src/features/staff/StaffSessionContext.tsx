import { createContext, useContext } from 'react';
import type { StaffClinic, StaffProfile } from './staff-session';
import type { TwoFactorStatus } from './two-factor/two-factor.api';

export interface StaffSession {
  profile: StaffProfile;
  clinics: StaffClinic[];
  /** The clinic the staff pages show (`null` only when the chain has no clinic yet). */
  selectedClinic: StaffClinic | null;
  selectClinic: (clinicId: string) => void;
  /** The staff member's two-factor login, when it could be read. */
  twoFactor?: TwoFactorStatus | null;
  /** Reads the two-factor status and the clinics again (after setting it up). */
  refreshTwoFactor?: () => void;
}

export const StaffSessionContext = createContext<StaffSession | null>(null);

/** The logged-in staff member and the selected clinic, for pages inside the staff layout. */
export function useStaffSession(): StaffSession {
  const session = useContext(StaffSessionContext);
  if (!session) throw new Error('useStaffSession must be used inside the staff layout');
  return session;
}
