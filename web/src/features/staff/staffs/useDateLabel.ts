import { useCallback } from 'react';
import { useT } from '../../../i18n';
import { weekdayOf } from './schedule-time';

export const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** `2026-05-12` → 「5月12日（火）」. */
export function useDateLabel(): (iso: string) => string {
  const t = useT();
  return useCallback(
    (iso: string) =>
      t('staffsPage.dateLabel', {
        month: Number(iso.slice(5, 7)),
        day: Number(iso.slice(8, 10)),
        weekday: t(`staffsPage.weekdays.${WEEKDAY_KEYS[weekdayOf(iso)]!}`),
      }),
    [t],
  );
}
