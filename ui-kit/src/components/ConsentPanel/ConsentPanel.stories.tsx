import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConsentPanel, type ConsentPanelProps } from './ConsentPanel';
import { emptyConsent, isUnder18, type ConsentValue } from './consent-rules';

const body = `医療レーザー脱毛の施術について、医師から次の説明を受けました。

1. 施術後に赤み・腫れ・かゆみが出ることがあります。通常は数日で治まります。
2. まれに、やけど・色素沈着・毛嚢炎が起こることがあります。その場合は当院で治療します。
3. 効果には個人差があり、複数回の施術が必要です。
4. 施術前後2週間は日焼けを避けてください。

以上の内容を理解したうえで、施術を受けることに同意します。`;

function Stateful(props: Omit<ConsentPanelProps, 'value' | 'onChange'> & { initial?: ConsentValue; today?: string }) {
  const [value, setValue] = useState<ConsentValue>(props.initial ?? emptyConsent);
  const minor = props.askBirthDate ? isUnder18(value.birthDate, props.today ?? '2026-12-01') : props.guardianRequired;
  return <ConsentPanel {...props} guardianRequired={minor} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Forms/ConsentPanel',
  component: ConsentPanel,
  args: { body, value: emptyConsent, onChange: () => {} },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
  render: (args) => <Stateful {...args} initial={args.value} />,
} satisfies Meta<typeof ConsentPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Signed: Story = { args: { value: { ...emptyConsent, agreed: true, name: '山田 花子' } } };
export const WithErrors: Story = { args: { errors: { agreed: '同意にチェックを入れてください。', name: 'この項目は必須です。' } } };
/** Under 18: the guardian signs beside the patient. */
export const Minor: Story = {
  args: {
    guardianRequired: true,
    value: { ...emptyConsent, agreed: true, name: '山田 さくら' },
    errors: { guardianRelation: 'この項目は必須です。' },
  },
};
/** The clinic does not know the birth date: it is asked, and a date under 18 adds the guardian. */
export const AsksBirthDate: Story = { args: { askBirthDate: true, value: { ...emptyConsent, birthDate: '2010-04-01' } } };
export const Disabled: Story = { args: { isDisabled: true, value: { ...emptyConsent, agreed: true, name: '山田 花子' } } };
