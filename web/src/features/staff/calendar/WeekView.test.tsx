import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ClinicDetail, Reservation } from './calendar.api';
import { WeekView } from './WeekView';

const clinic = {
  id: 'c1',
  name: '渋谷',
  openingHours: Array.from({ length: 7 }, (_, weekday) => ({ weekday, open: '10:00', close: '19:00' })),
  holidays: [],
} as unknown as ClinicDetail;

const visit = (id: string, startsAt: string, forms: Reservation['forms'], formsSent?: number) =>
  ({
    id,
    status: 'RESERVED',
    startsAt,
    tasks: [{ staffId: 's1' }],
    menus: [],
    user: { id: 'u1', name: '山田 花子', kana: '', userNumber: null },
    forms,
    ...(formsSent !== undefined ? { formsSent } : {}),
  }) as unknown as Reservation;

describe('the week view', () => {
  it('marks, per staff member and day, the visits still waiting for forms and those with a flag, as the day view does', () => {
    render(
      <MemoryRouter>
        <WeekView
          from="2026-12-07"
          clinic={clinic}
          rows={[{ key: 'STAFF:s1', type: 'STAFF', id: 's1', name: '佐藤 美咲' } as never]}
          schedules={[{ id: 'sc1', staffId: 's1', date: '2026-12-07', start: '10:00', end: '19:00' } as never]}
          reservations={[
            visit('r1', '2026-12-07T10:00:00+09:00', { required: 2, complete: 0, flags: [] }, 1),
            // Sent both; the consent waits for the doctor: not waiting for the person.
            visit('r2', '2026-12-07T11:00:00+09:00', { required: 2, complete: 1, flags: ['妊娠の可能性あり'] }, 2),
            visit('r3', '2026-12-07T12:00:00+09:00', { required: 0, complete: 0, flags: [] }, 0),
          ]}
          dayLabel={(iso) => iso}
          dayHref={(iso) => `/staff/calendar/?date=${iso}`}
        />
      </MemoryRouter>,
    );
    const row = screen.getByRole('row', { name: /佐藤 美咲/ });
    const cell = within(row).getAllByRole('cell')[0]!;
    expect(cell).toHaveTextContent('3件');
    expect(cell).toHaveTextContent('問診未回答 1件');
    expect(cell).toHaveTextContent('⚠要確認 1件');
    expect(within(row).getAllByRole('cell')[1]).not.toHaveTextContent('問診');
  });
});
