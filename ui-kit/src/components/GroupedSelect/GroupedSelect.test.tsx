import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { UiKitProvider } from '../../providers';
import { GroupedSelect } from './GroupedSelect';

const Wrap = ({ children }: { children: ReactNode }) => <UiKitProvider>{children}</UiKitProvider>;

const groups = [
  { id: 'visits', label: '来院', items: [{ id: 'visit-number', label: '来院数', description: '日ごとの来院数' }] },
  { id: 'cancels', label: 'キャンセル', items: [{ id: 'cancel-number', label: 'キャンセル数' }] },
];

describe('GroupedSelect', () => {
  it('lists the options under their group headings and reports the chosen id', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(<GroupedSelect label="レポート" groups={groups} onSelectionChange={onSelectionChange} />, { wrapper: Wrap });
    await user.click(screen.getByRole('button', { name: /レポート/ }));

    const listbox = screen.getByRole('listbox');
    const sections = within(listbox).getAllByRole('group');
    expect(sections.map((s) => s.getAttribute('aria-labelledby') && document.getElementById(s.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      '来院',
      'キャンセル',
    ]);
    const option = within(sections[0]!).getByRole('option', { name: '来院数' });
    expect(option).toHaveAccessibleDescription('日ごとの来院数');

    const result = await axe.run(document.body, {
      rules: { region: { enabled: false }, 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((v) => v.id)).toEqual([]);

    await user.click(within(sections[1]!).getByRole('option', { name: 'キャンセル数' }));
    expect(onSelectionChange).toHaveBeenCalledWith('cancel-number');
  });
});

describe('GroupedSelect value', () => {
  it('names the closed field by the chosen label only', () => {
    render(<GroupedSelect label="レポート" groups={groups} selectedKey="visit-number" />, { wrapper: Wrap });
    expect(screen.getByRole('button', { name: /レポート/ })).toHaveTextContent(/^来院数$/);
  });
});
