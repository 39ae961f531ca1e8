import { describe, expect, it } from 'vitest';
import type { Language } from '../../shared/language';
import type { GuestDetails, GuestLookup, NormalisedGuest, TemporaryMemberRecord } from '../domain/guest-member';
import type { GuestMembersPort } from '../ports/guest-members.port';
import { findOrCreateGuestMember } from './guest-member';

/** A port that answers `found` and records every call in order. */
const recording = (found: GuestLookup) => {
  const calls: unknown[][] = [];
  const port: GuestMembersPort = {
    lock: async (clinicId: string, phone: string) => void calls.push(['lock', clinicId, phone]),
    lookup: async (guest: NormalisedGuest) => (calls.push(['lookup', guest.name, guest.phone, guest.email]), found),
    reuse: async (id: string, language: Language | null) => void calls.push(['reuse', id, language]),
    create: async (record: TemporaryMemberRecord) => (calls.push(['create', record]), '42'),
  };
  return { port, calls };
};
const guest: GuestDetails = { clinicId: '7', name: ' 山田　花子 ', kana: 'ヤマダ', phone: '090-1234-5678', email: 'hanako@example.jp', language: 'en' };

describe('findOrCreateGuestMember', () => {
  it('locks on the clinic and normalised phone before it looks, then makes the 仮会員', async () => {
    const { port, calls } = recording({ samePhoneAndName: [], emailOwner: null });
    expect(await findOrCreateGuestMember(port, guest)).toEqual({ ok: true, value: '42' });
    expect(calls).toEqual([
      ['lock', '7', '+819012345678'],
      ['lookup', '山田 花子', '+819012345678', 'hanako@example.jp'],
      ['create', { clinicId: '7', name: '山田 花子', kana: 'ヤマダ', phone: '090-1234-5678', email: 'hanako@example.jp', status: 'TEMPORARY', language: 'en' }],
    ]);
  });

  it('reuses the 仮会員 found, in the language of the booking', async () => {
    const { port, calls } = recording({ samePhoneAndName: [{ id: '3', status: 'TEMPORARY' }], emailOwner: null });
    expect(await findOrCreateGuestMember(port, guest)).toEqual({ ok: true, value: '3' });
    expect(calls.at(-1)).toEqual(['reuse', '3', 'en']);
  });

  it('a FULL member: MEMBER_LOGIN_REQUIRED, and nothing written', async () => {
    const { port, calls } = recording({ samePhoneAndName: [], emailOwner: 'FULL' });
    expect(await findOrCreateGuestMember(port, guest)).toEqual({ ok: false, error: { code: 'MEMBER_LOGIN_REQUIRED' } });
    expect(calls.map(([name]) => name)).toEqual(['lock', 'lookup']);
  });
});
