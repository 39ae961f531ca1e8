import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FieldGroup } from './FieldGroup';
import { Checkbox } from '../Checkbox/Checkbox';

describe('FieldGroup', () => {
  it('is a group named by its legend, holding its fields', () => {
    render(
      <FieldGroup legend="曜日" layout="inline">
        <Checkbox>月</Checkbox>
        <Checkbox>火</Checkbox>
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: '曜日' });
    expect(group.tagName).toBe('FIELDSET');
    expect(group).toContainElement(screen.getByRole('checkbox', { name: '火' }));
  });
});
