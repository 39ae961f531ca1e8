import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormRenderer, type FormRendererProps } from './FormRenderer';
import type { FormAnswers, FormItem } from './form-rules';

/** A laser hair removal 問診票 like the demo clinic's. */
const laserItems: FormItem[] = [
  { key: 'pregnant', type: 'yesno', label: '現在、妊娠中または妊娠の可能性はありますか', required: true, flag: { equals: true, label: '妊娠の可能性あり' } },
  { key: 'medicine', type: 'yesno', label: '服用中のお薬はありますか', required: true },
  { key: 'medicineName', type: 'text', label: 'お薬の名前', required: true, showIf: { key: 'medicine', equals: true } },
  {
    key: 'history',
    type: 'multi',
    label: '当てはまるものはありますか',
    options: [
      { value: 'keloid', label: 'ケロイド体質' },
      { value: 'atopy', label: 'アトピー性皮膚炎' },
      { value: 'epilepsy', label: 'てんかん' },
    ],
    flag: { equals: 'keloid', label: 'ケロイド体質' },
  },
  {
    key: 'sun',
    type: 'single',
    label: '最近2週間の日焼け',
    required: true,
    options: [
      { value: 'none', label: 'していない' },
      { value: 'little', label: '少し' },
      { value: 'much', label: 'かなり' },
    ],
  },
  { key: 'lastTreatment', type: 'date', label: '前回の脱毛施術日' },
  { key: 'notes', type: 'textarea', label: 'その他、医師に伝えたいこと' },
];

function Stateful(props: Omit<FormRendererProps, 'answers' | 'onChange'> & { initial?: FormAnswers }) {
  const [answers, setAnswers] = useState<FormAnswers>(props.initial ?? {});
  return <FormRenderer {...props} answers={answers} onChange={setAnswers} />;
}

const meta = {
  title: 'Forms/FormRenderer',
  component: FormRenderer,
  args: { items: laserItems, answers: {}, onChange: () => {}, 'aria-label': '問診票' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
  render: (args) => <Stateful {...args} initial={args.answers} />,
} satisfies Meta<typeof FormRenderer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
/** Answers of the last visit: the medicine's name shows because the answer is はい. */
export const Prefilled: Story = {
  args: { answers: { pregnant: false, medicine: true, medicineName: 'ロキソニン', history: ['atopy'], sun: 'none', lastTreatment: '2026-10-01' } },
};
export const WithErrors: Story = {
  args: {
    answers: { medicine: true },
    errors: {
      pregnant: 'この項目は必須です。',
      medicineName: 'この項目は必須です。',
      sun: 'この項目は必須です。',
    },
  },
};
export const Disabled: Story = { args: { isDisabled: true, answers: { pregnant: false, medicine: false, sun: 'little' } } };
/** The same form in English, as an English-speaking patient sees it. */
export const English: Story = {
  args: {
    'aria-label': 'Questionnaire',
    yesLabel: 'Yes',
    noLabel: 'No',
    requiredLabel: 'Required',
    multiDescription: 'Choose all that apply.',
    items: [
      { key: 'pregnant', type: 'yesno', label: 'Are you pregnant or could you be pregnant?', required: true },
      { key: 'medicine', type: 'yesno', label: 'Are you taking any medicine?', required: true },
      { key: 'medicineName', type: 'text', label: 'Name of the medicine', required: true, showIf: { key: 'medicine', equals: true } },
    ],
    answers: { medicine: true },
  },
};
