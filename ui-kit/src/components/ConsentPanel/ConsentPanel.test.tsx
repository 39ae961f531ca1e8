import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConsentPanel } from './ConsentPanel';
import { emptyConsent, isUnder18, validateConsent, type ConsentValue } from './consent-rules';

let last: ConsentValue = emptyConsent;
function Harness({ guardianRequired = false }: { guardianRequired?: boolean }) {
  const [value, setValue] = useState<ConsentValue>(emptyConsent);
  last = value;
  return <ConsentPanel body={'説明\n本文'} value={value} onChange={setValue} guardianRequired={guardianRequired} />;
}

describe('ConsentPanel', () => {
  it('shows the text in a focusable region and takes the tick and the typed name', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('region', { name: '同意書の本文' })).toHaveTextContent('説明 本文');
    await user.click(screen.getByRole('checkbox', { name: /同意します/ }));
    await user.type(screen.getByRole('textbox', { name: /ご署名/ }), '山田 花子');
    expect(last).toMatchObject({ agreed: true, name: '山田 花子', image: null });
    expect(screen.queryByRole('group', { name: '保護者の同意' })).toBeNull();
  });

  it("asks a minor's guardian for a name and a relation", async () => {
    const user = userEvent.setup();
    render(<Harness guardianRequired />);
    expect(screen.getByRole('group', { name: '保護者の同意' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /保護者のお名前/ }), '山田 花子');
    await user.type(screen.getByRole('textbox', { name: /続柄/ }), '母');
    expect(last).toMatchObject({ guardianName: '山田 花子', guardianRelation: '母' });
  });
});

describe('consent rules', () => {
  const messages = { agree: 'チェックしてください。', required: '必須です。' };
  it('needs the tick and the name, and a guardian for a minor', () => {
    expect(validateConsent(emptyConsent, {}, messages)).toEqual({ agreed: 'チェックしてください。', name: '必須です。' });
    expect(validateConsent({ ...emptyConsent, agreed: true, name: ' 山田 ' }, {}, messages)).toEqual({});
    expect(validateConsent({ ...emptyConsent, agreed: true, name: '山田' }, { guardianRequired: true, askBirthDate: true }, messages)).toEqual({
      birthDate: '必須です。',
      guardianName: '必須です。',
      guardianRelation: '必須です。',
    });
  });

  it('counts 18 years to the day', () => {
    expect(isUnder18('2008-12-02', '2026-12-01')).toBe(true);
    expect(isUnder18('2008-12-01', '2026-12-01')).toBe(false);
    expect(isUnder18('', '2026-12-01')).toBe(false);
  });
});
