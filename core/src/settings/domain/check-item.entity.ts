/** One line of a member's checklist: one per check condition that applied to them. */
export interface CheckItem {
  readonly id: string;
  readonly userId: string;
  readonly conditionId: string;
  readonly conditionName: string;
  readonly checked: boolean;
  /** ISO 8601 with offset; set while checked. */
  readonly checkedAt: string | null;
  /** The staff member who ticked it. */
  readonly checkedBy: string | null;
  readonly note: string;
}

export type CheckItemState = Pick<CheckItem, 'checked' | 'checkedAt' | 'checkedBy' | 'note'>;

export const CHECK_ITEM_NOTE_MAX = 500;

/**
 * Ticking records who and when; ticking an item already ticked keeps the first tick; unticking
 * clears both. A note left out stays as it was.
 */
export const tickCheckItem = (
  item: CheckItemState,
  change: { readonly checked: boolean; readonly note?: string | undefined },
  staffId: string | null,
  nowIso: string,
): CheckItemState => {
  const note = change.note === undefined ? item.note : change.note.trim();
  if (!change.checked) return { checked: false, checkedAt: null, checkedBy: null, note };
  if (item.checked) return { ...item, note };
  return { checked: true, checkedAt: nowIso, checkedBy: staffId, note };
};
