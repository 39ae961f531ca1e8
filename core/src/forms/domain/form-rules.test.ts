import { describe, expect, it } from 'vitest';
import { isUnder18, validateSignature } from './form-answers';
import { canonicalJson } from './form-chain';
import { validateDefinition } from './form.entity';

describe('canonical JSON', () => {
  it('sorts keys at every depth, keeps arrays in order and leaves out undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: '日本' }, e: undefined, f: null })).toBe('{"a":{"c":"日本","d":[3,1]},"b":1,"f":null}');
  });
});

describe('a version definition', () => {
  it('needs a body for a consent, unique keys, options for choices, and showIf on an earlier item', () => {
    const result = validateDefinition('CONSENT', {
      items: [
        { key: 'a', type: 'single', label: '選択' },
        { key: 'a', type: 'text', label: '重複' },
        { key: 'c', type: 'text', label: '後', showIf: { key: 'd', equals: true } },
        { key: 'd', type: 'yesno', label: 'はい・いいえ', flag: { equals: 'x', label: '注意' } },
      ],
      body: ' ',
      translations: { en: { items: { zz: { label: 'none' } } } },
    });
    expect(!result.ok && result.error.fields?.map((field) => field.path)).toEqual([
      'items.0.options',
      'items.1.key',
      'items.2.showIf.key',
      'items.3.flag.equals',
      'body',
      'translations.en.items.zz',
    ]);
  });

  it('accepts a questionnaire without a body and trims its texts', () => {
    const result = validateDefinition('QUESTIONNAIRE', {
      items: [{ key: 'q1', type: 'multi', label: ' 症状 ', required: true, options: [{ value: 'itch', label: ' かゆみ ' }] }],
      body: null,
      translations: {},
    });
    expect(result.ok && result.value.items).toEqual([
      { key: 'q1', type: 'multi', label: '症状', required: true, options: [{ value: 'itch', label: 'かゆみ' }] },
    ]);
  });
});

describe('a consent of someone under 18', () => {
  it('counts the age on the visit day: 18 from the 18th birthday itself, and for 29 February from 1 March', () => {
    expect(isUnder18('2008-12-11', '2026-12-10')).toBe(true);
    expect(isUnder18('2008-12-11', '2026-12-11')).toBe(false);
    expect(isUnder18('2008-02-29', '2026-02-28')).toBe(true);
    expect(isUnder18('2008-02-29', '2026-03-01')).toBe(false);
    expect(isUnder18('2008-02-30', '2026-02-28')).toBe(false);
  });

  it('needs the guardian’s name and relation on the server, by the birth date the clinic knows, else the one given', () => {
    const visit = { visitDate: '2026-12-10' };
    const minor = validateSignature('CONSENT', { name: '山田 さくら', birthDate: '2010-04-01' }, visit);
    expect(minor).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', fields: [{ path: 'signature.guardian.name' }, { path: 'signature.guardian.relation' }] },
    });
    const blankRelation = validateSignature('CONSENT', { name: '山田 さくら', birthDate: '2010-04-01', guardian: { name: '山田 花子', relation: ' ' } }, visit);
    expect(blankRelation).toMatchObject({ ok: false, error: { fields: [{ path: 'signature.guardian.relation', message: '続柄を入力してください。' }] } });
    const signed = validateSignature('CONSENT', { name: '山田 さくら', birthDate: '2010-04-01', guardian: { name: ' 山田 花子 ', relation: '母' } }, visit);
    expect(signed).toEqual({ ok: true, value: { name: '山田 さくら', image: null, guardian: { name: '山田 花子', relation: '母' }, birthDate: '2010-04-01' } });
    // The profile's birth date wins over the one typed on the form, both ways.
    expect(validateSignature('CONSENT', { name: '佐藤 陽', birthDate: '1990-01-01' }, { ...visit, knownBirthDate: '2010-04-01' }).ok).toBe(false);
    expect(validateSignature('CONSENT', { name: '佐藤 陽', birthDate: '2010-04-01' }, { ...visit, knownBirthDate: '1990-01-01' })).toEqual({
      ok: true,
      value: { name: '佐藤 陽', image: null, guardian: null },
    });
    // A questionnaire asks no guardian, whatever the age.
    expect(validateSignature('QUESTIONNAIRE', { name: '山田 さくら', birthDate: '2010-04-01' }, visit).ok).toBe(true);
  });
});
