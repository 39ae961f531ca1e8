import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldGroup } from './FieldGroup';
import { Checkbox } from '../Checkbox/Checkbox';
import { TextField } from '../TextField/TextField';
import { Inline } from '../Inline/Inline';
import { Text } from '../Text/Text';

const days = ['月', '火', '水', '木', '金', '土', '日'];

const meta = {
  title: 'Forms/FieldGroup',
  component: FieldGroup,
  args: {
    legend: '英語',
    children: (
      <>
        <TextField label="メニュー名（英語）" />
        <TextField label="説明（英語）" />
      </>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 520 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FieldGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Boxed: Story = {};
/** Checkboxes side by side; invalid, with its reason inside the frame. */
export const InvalidWeekdays: Story = {
  args: {
    legend: '曜日',
    isInvalid: true,
    gap: 2,
    children: (
      <>
        <Inline gap={4} rowGap={2}>
          {days.map((day) => (
            <Checkbox key={day}>{day}</Checkbox>
          ))}
        </Inline>
        <Text role="alert" tone="danger" size="sm">
          曜日を1つ以上選んでください。
        </Text>
      </>
    ),
  },
};
/** No frame: the legend looks like a field's label. */
export const PlainInline: Story = {
  args: {
    legend: '使用する部屋',
    variant: 'plain',
    layout: 'inline',
    gap: 4,
    rowGap: 1,
    children: (
      <>
        <Checkbox>施術室1</Checkbox>
        <Checkbox>施術室2</Checkbox>
        <Checkbox>カウンセリングルーム</Checkbox>
      </>
    ),
  },
};
