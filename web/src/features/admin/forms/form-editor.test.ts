import { describe, expect, it } from 'vitest';
import { emptyItem, localized, parseOptions, toDraft, toVersionBody } from './form-editor';

describe('form editor model', () => {
  it('turns the fields into the version body, conditions typed by their item', () => {
    const draft = {
      items: [
        {
          ...emptyItem(0),
          key: 'pregnant',
          label: '妊娠の可能性',
          required: true,
          flagEquals: 'true',
          flagLabel: '妊娠の可能性あり',
          translations: { en: { label: 'Pregnant?', options: '' }, 'zh-CN': { label: '', options: '' } },
        },
        {
          ...emptyItem(1),
          key: 'sun',
          type: 'single' as const,
          label: '日焼け',
          options: 'none:していない\nmuch：かなり',
          showIfKey: 'pregnant',
          showIfEquals: 'いいえ',
          translations: { en: { label: 'Tan', options: 'none:No' }, 'zh-CN': { label: '', options: '' } },
        },
      ],
      body: '本文',
      bodyTranslations: { en: 'Text', 'zh-CN': '' },
    };
    const body = toVersionBody('CONSENT', draft);
    expect(body).toEqual({
      items: [
        { key: 'pregnant', type: 'yesno', label: '妊娠の可能性', required: true, flag: { equals: true, label: '妊娠の可能性あり' } },
        {
          key: 'sun',
          type: 'single',
          label: '日焼け',
          options: [
            { value: 'none', label: 'していない' },
            { value: 'much', label: 'かなり' },
          ],
          showIf: { key: 'pregnant', equals: false },
        },
      ],
      body: '本文',
      translations: { en: { body: 'Text', items: { pregnant: { label: 'Pregnant?' }, sun: { label: 'Tan', options: { none: 'No' } } } } },
    });
    // And back: the editor shows what the server holds.
    expect(toVersionBody('CONSENT', toDraft({ ...body, body: body.body ?? null }))).toEqual(body);
    expect(localized(body, 'en').items[1]!.options).toEqual([
      { value: 'none', label: 'No' },
      { value: 'much', label: 'かなり' },
    ]);
  });

  it('reads options a line each', () => {
    expect(parseOptions(' a:あ \n\nb')).toEqual([
      { value: 'a', label: 'あ' },
      { value: 'b', label: 'b' },
    ]);
  });
});
