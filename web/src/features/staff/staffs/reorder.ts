/**
 * Where an item lands when it is dropped before or after another: its new index in the list
 * (which is the priority the API is told), or `null` when nothing moves.
 */
export function reorderedIndex(ids: readonly string[], movedId: string, targetId: string, position: 'before' | 'after' | 'on'): number | null {
  if (movedId === targetId || !ids.includes(movedId) || !ids.includes(targetId)) return null;
  const rest = ids.filter((id) => id !== movedId);
  const targetIndex = rest.indexOf(targetId);
  const index = position === 'after' ? targetIndex + 1 : targetIndex;
  return index === ids.indexOf(movedId) ? null : index;
}

/** The list with `id` moved to `index`. */
export function moveTo<T extends { id: string }>(items: readonly T[], id: string, index: number): T[] {
  const moved = items.find((item) => item.id === id);
  if (!moved) return [...items];
  const rest = items.filter((item) => item.id !== id);
  rest.splice(Math.max(0, Math.min(index, rest.length)), 0, moved);
  return rest;
}
