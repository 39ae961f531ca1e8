/**
 * One person, one identity (issue 26): the keys every "is this the same person" rule compares, so
 * that two spellings of one phone or one name are one person. The database computes the same keys
 * with `person_phone_key(text)` and `person_name_key(text)` (migration 0045); the two are checked
 * against each other on the table of `person-identity.test.ts` (test/contracts/person-identity.test.ts).
 *
 * Phones: NFKC first (full-width digits and `＋` become ASCII), then digits only. A number written
 * with `+` is international: `+81 90-1234-5678` and `+81 (0)90-1234-5678` are `+819012345678`. A
 * number starting with 0 is Japanese: `090-1234-5678` is `+819012345678` too. The key is E.164.
 *
 * Names: NFKC (full-width Latin and half-width kana become their usual forms, the ideographic
 * space a space), every white space removed, lower case: `山田 花子`, `山田\u3000花子` and `山田花子` are
 * one name, as are `Emily Johnson` and `EMILYJOHNSON`.
 */

/** The E.164 key of a phone as written; null when it has no digits at all. */
export const phoneKey = (phone: string): string | null => {
  const text = phone.normalize('NFKC').trim();
  let digits = text.replace(/[^0-9]/g, '');
  if (digits === '') return null;
  if (text.startsWith('+')) {
    // `+81 (0)90…`: the domestic trunk 0 written after the country code.
    if (digits.startsWith('810')) digits = `81${digits.slice(3)}`;
    return `+${digits}`;
  }
  if (digits.startsWith('0')) return `+81${digits.slice(1)}`;
  return digits;
};

/** The key of a name: NFKC, no white space, lower case. */
export const nameKey = (name: string): string => name.normalize('NFKC').replace(/\s+/gu, '').toLowerCase();
