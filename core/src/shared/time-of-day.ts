/** Times of day are 'HH:mm' strings on the 15-minute grid of the clinics. */
export const SLOT_MINUTES = 15;

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight, or null when the text is not a valid 'HH:mm'. `24:00` is allowed as an end. */
export const parseTimeOfDay = (text: string): number | null => {
  if (text === '24:00') return 24 * 60;
  const match = TIME_OF_DAY.exec(text);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
};

export const isOnSlotGrid = (minutes: number): boolean => minutes % SLOT_MINUTES === 0;

export const formatTimeOfDay = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
