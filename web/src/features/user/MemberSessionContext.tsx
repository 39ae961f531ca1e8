import { createContext, useContext } from 'react';
import type { MemberClinic, MemberProfile } from './member-session';

export interface MemberSession {
  profile: MemberProfile;
  clinic: MemberClinic;
  /** Reads the profile again (after the member changed their details). */
  refreshProfile: () => void;
}

export const MemberSessionContext = createContext<MemberSession | null>(null);

/** The logged-in member and their clinic, for pages inside the member layout. */
export function useMemberSession(): MemberSession {
  const session = useContext(MemberSessionContext);
  if (!session) throw new Error('useMemberSession must be used inside the member layout');
  return session;
}
