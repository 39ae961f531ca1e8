import { describe, expect, it } from 'vitest';
import { decideGuestMember, normaliseGuest, normaliseGuestName, normaliseGuestPhone, type GuestDetails, type GuestLookup } from './guest-member';

const guest: GuestDetails = { clinicId: '7', name: '山田 花子', kana: 'ヤマダ ハナコ', phone: '090-1234-5678', email: 'hanako@example.jp' };
const nobody: GuestLookup = { samePhoneAndName: [], emailOwner: null };
const decide = (found: GuestLookup, details: GuestDetails = guest) => decideGuestMember(normaliseGuest(details), found);

describe('normalising a guest', () => {
  it('names: trimmed, every run of spaces (ideographic ones too) one space', () => {
    expect(normaliseGuestName('  山田　 花子 ')).toBe('山田 花子');
    expect(normaliseGuestName('Emily\t\tJohnson')).toBe('Emily Johnson');
  });

  it('phones: their E.164 key, whatever the spelling', () => {
    expect(normaliseGuestPhone(' 090-1234-5678 ')).toBe('+819012345678');
    expect(normaliseGuestPhone('(090) 1234.5678')).toBe('+819012345678');
    expect(normaliseGuestPhone('+81 90 1234 5678')).toBe('+819012345678');
    expect(normaliseGuestPhone('+1 415-555-0123')).toBe('+14155550123');
  });

  it('the details: the phone compared by its digits but kept as given; kana trimmed; an empty e-mail is none; no language is null', () => {
    expect(normaliseGuest({ ...guest, name: ' 山田　花子', kana: ' ヤマダ ', phone: ' 090-1234-5678 ', email: '  ' })).toEqual({
      clinicId: '7',
      name: '山田 花子',
      phone: '+819012345678',
      givenPhone: '090-1234-5678',
      kana: 'ヤマダ',
      email: null,
      language: null,
    });
    expect(normaliseGuest({ ...guest, email: ' hanako@example.jp ', language: 'en' })).toMatchObject({ email: 'hanako@example.jp', language: 'en' });
  });
});

describe('the 仮会員 of a guest booking', () => {
  it('a FULL member of the clinic with the phone and name: refused (they log in to book)', () => {
    expect(decide({ samePhoneAndName: [{ id: '3', status: 'FULL' }], emailOwner: null })).toEqual({ kind: 'reject' });
  });

  it('a FULL member among 仮会員 with the phone and name, older or newer: refused', () => {
    expect(
      decide({
        samePhoneAndName: [
          { id: '3', status: 'TEMPORARY' },
          { id: '9', status: 'FULL' },
        ],
        emailOwner: null,
      }),
    ).toEqual({ kind: 'reject' });
    expect(
      decide({
        samePhoneAndName: [
          { id: '3', status: 'FULL' },
          { id: '9', status: 'TEMPORARY' },
        ],
        emailOwner: null,
      }),
    ).toEqual({ kind: 'reject' });
  });

  it("a FULL member's e-mail, whatever the phone and name: refused, even with a 仮会員 to reuse", () => {
    expect(decide({ samePhoneAndName: [], emailOwner: 'FULL' })).toEqual({ kind: 'reject' });
    expect(decide({ samePhoneAndName: [{ id: '3', status: 'TEMPORARY' }], emailOwner: 'FULL' })).toEqual({ kind: 'reject' });
  });

  it('a 仮会員 with the phone and name: the oldest is reused, with the language of this booking when it has one', () => {
    const found: GuestLookup = {
      samePhoneAndName: [
        { id: '3', status: 'TEMPORARY' },
        { id: '9', status: 'TEMPORARY' },
      ],
      emailOwner: 'TEMPORARY',
    };
    expect(decide(found)).toEqual({ kind: 'reuse', id: '3', language: null });
    expect(decide(found, { ...guest, language: 'zh-CN' })).toEqual({ kind: 'reuse', id: '3', language: 'zh-CN' });
  });

  it('nobody: a 仮会員 is made with the normalised name, the phone as given, the e-mail and Japanese', () => {
    expect(decide(nobody, { ...guest, name: ' 山田　 花子 ', kana: ' ヤマダ ハナコ ', phone: ' 090-1234-5678 ', email: ' hanako@example.jp ' })).toEqual({
      kind: 'create',
      record: {
        clinicId: '7',
        name: '山田 花子',
        kana: 'ヤマダ ハナコ',
        phone: '090-1234-5678',
        email: 'hanako@example.jp',
        status: 'TEMPORARY',
        language: 'ja',
      },
    });
  });

  it('an e-mail another (TEMPORARY) member uses: the 仮会員 is made without it', () => {
    expect(decide({ samePhoneAndName: [], emailOwner: 'TEMPORARY' })).toMatchObject({ kind: 'create', record: { email: null } });
  });

  it('no e-mail: made without one; the language of the booking is kept', () => {
    expect(decide(nobody, { ...guest, email: null, language: 'en' })).toMatchObject({ kind: 'create', record: { email: null, language: 'en' } });
  });
});
