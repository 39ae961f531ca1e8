import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormRenderer } from './FormRenderer';
import { formAnswersToSend, formFlags, prefillFormAnswers, validateFormAnswers, visibleFormItems, type FormAnswers, type FormItem } from './form-rules';

const items: FormItem[] = [
  { key: 'pregnant', type: 'yesno', label: '妊娠の可能性', required: true, flag: { equals: true, label: '妊娠の可能性あり' } },
  { key: 'medicine', type: 'yesno', label: 'お薬', required: true },
  { key: 'medicineName', type: 'text', label: 'お薬の名前', required: true, showIf: { key: 'medicine', equals: true } },
  { key: 'dose', type: 'text', label: '量', required: true, showIf: { key: 'medicineName', equals: 'ワーファリン' } },
  {
    key: 'history',
    type: 'multi',
    label: '既往歴',
    options: [
      { value: 'keloid', label: 'ケロイド体質' },
      { value: 'atopy', label: 'アトピー' },
    ],
    flag: { equals: 'keloid', label: 'ケロイド' },
  },
  { key: 'sun', type: 'single', label: '日焼け', options: [{ value: 'none', label: 'していない' }] },
];
const messages = { required: '必須です。', invalidOption: '選び直してください。' };

let last: FormAnswers = {};
function Harness({ errors }: { errors?: Record<string, string> }) {
  const [answers, setAnswers] = useState<FormAnswers>({});
  last = answers;
  return <FormRenderer items={items} answers={answers} onChange={setAnswers} errors={errors} aria-label="問診票" />;
}

describe('FormRenderer', () => {
  it('shows an item only while its condition is answered, and gives yes/no as booleans and choices as arrays', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('textbox', { name: /お薬の名前/ })).toBeNull();
    const medicine = screen.getByRole('radiogroup', { name: /お薬/ });
    await user.click(within(medicine).getByRole('radio', { name: 'はい' }));
    await user.type(screen.getByRole('textbox', { name: /お薬の名前/ }), 'ロキソニン');
    await user.click(screen.getByRole('checkbox', { name: 'ケロイド体質' }));
    expect(last).toEqual({ medicine: true, medicineName: 'ロキソニン', history: ['keloid'] });
    await user.click(within(medicine).getByRole('radio', { name: 'いいえ' }));
    expect(screen.queryByRole('textbox', { name: /お薬の名前/ })).toBeNull();
    // The hidden answer is kept while editing (back to はい restores it) but never sent.
    expect(formAnswersToSend(items, last)).toEqual({ medicine: false, history: ['keloid'] });
  });

  it('marks required items and shows each reason under its item', () => {
    render(<Harness errors={{ pregnant: '必須です。' }} />);
    const group = screen.getByRole('radiogroup', { name: /妊娠の可能性/ });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(within(group.parentElement!).getByText('必須です。')).toBeInTheDocument();
    expect(screen.getAllByText('必須')).toHaveLength(2);
  });
});

describe('form rules', () => {
  it('never requires a hidden item, also when the item it depends on is hidden', () => {
    expect(validateFormAnswers(items, { medicine: false, pregnant: false }, messages)).toEqual({});
    expect(visibleFormItems(items, { medicine: false, medicineName: 'ワーファリン' }).map((i) => i.key)).not.toContain('dose');
    expect(validateFormAnswers(items, { medicine: true, pregnant: false, medicineName: 'ワーファリン' }, messages)).toEqual({ dose: '必須です。' });
  });

  it('refuses blank texts and choices that are not offered', () => {
    expect(validateFormAnswers(items, { pregnant: true, medicine: true, medicineName: '  ', sun: 'much' }, messages)).toEqual({
      medicineName: '必須です。',
      sun: '選び直してください。',
    });
  });

  it('raises the flags of matching answers, a multi answer by containing the value', () => {
    expect(formFlags(items, { pregnant: true, medicine: false, history: ['atopy', 'keloid'] })).toEqual(['妊娠の可能性あり', 'ケロイド']);
    expect(formFlags(items, { pregnant: false, history: ['atopy'] })).toEqual([]);
  });

  it('pre-fills only answers that still fit the version', () => {
    expect(
      prefillFormAnswers(items, { pregnant: false, medicine: 'yes', medicineName: 'ロキソニン', history: ['keloid', 'gone'], sun: 'much', removed: 'x' }),
    ).toEqual({ pregnant: false, medicineName: 'ロキソニン', history: ['keloid'] });
  });
});
