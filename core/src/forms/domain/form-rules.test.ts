import { describe, expect, it } from 'vitest';
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
