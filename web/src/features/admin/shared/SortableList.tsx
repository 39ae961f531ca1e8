import { useRef, type ReactNode } from 'react';
import { Button as AriaButton, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import styled from 'styled-components';

/**
 * A list reordered by drag and drop with the mouse, touch, or the keyboard (react-aria: focus a
 * row's handle, Enter, arrow keys, Enter). Built here until the ui-kit has a sortable list.
 */
export interface SortableListProps<T extends { id: string }> {
  'aria-label': string;
  items: readonly T[];
  /** The ids of every item, in the new order. */
  onReorder: (ids: string[]) => void;
  renderItem: (item: T) => ReactNode;
  textValue: (item: T) => string;
  /** Accessible name of the drag handle, e.g. 「〇〇を並べ替え」. */
  handleLabel: (item: T) => string;
  emptyText: string;
}

/** Where the dragged keys land among the others. */
export function reorderIds(ids: readonly string[], moving: readonly string[], targetId: string, position: 'before' | 'after' | 'on'): string[] {
  const rest = ids.filter((id) => !moving.includes(id));
  let index = rest.indexOf(targetId);
  if (index < 0) return [...ids];
  if (position === 'after') index += 1;
  rest.splice(index, 0, ...ids.filter((id) => moving.includes(id)));
  return rest;
}

const List = styled(GridList)`
  display: grid;
  gap: var(--space-2);
  margin: 0;
  padding: 0;
  outline: none;

  &[data-focus-visible] {
    box-shadow: var(--focus-ring);
    border-radius: var(--radius-md);
  }

  .react-aria-DropIndicator[data-drop-target] {
    outline: 2px solid var(--color-primary);
    outline-offset: -1px;
  }

  .empty {
    padding: var(--space-4);
    text-align: center;
    color: var(--color-muted);
    background: var(--color-surface-alt);
    border-radius: var(--radius-md);
  }
`;

const Row = styled(GridListItem)`
  display: flex;
  align-items: center;
  gap: var(--space-2);
  padding: var(--space-2) var(--space-3);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  outline: none;
  min-width: 0;

  &[data-focus-visible] {
    box-shadow: var(--focus-ring);
  }

  &[data-dragging] {
    opacity: 0.5;
  }

  &[data-drop-target] {
    border-color: var(--color-primary);
  }
`;

const Handle = styled(AriaButton)`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 32px;
  min-height: 40px;
  padding: 0;
  border: 0;
  border-radius: var(--radius-sm);
  background: transparent;
  color: var(--color-muted);
  cursor: grab;
  font-size: var(--font-size-lg);
  line-height: 1;

  &[data-focus-visible] {
    outline: none;
    box-shadow: var(--focus-ring);
  }

  &[data-hovered] {
    background: var(--color-surface-alt);
  }
`;

const Content = styled.div`
  flex: 1 1 auto;
  min-width: 0;
`;

export function SortableList<T extends { id: string }>({
  'aria-label': ariaLabel,
  items,
  onReorder,
  renderItem,
  textValue,
  handleLabel,
  emptyText,
}: SortableListProps<T>) {
  const latest = useRef({ items, onReorder });
  latest.current = { items, onReorder };

  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (event) => {
      const { items: current, onReorder: reorder } = latest.current;
      const next = reorderIds(
        current.map((item) => item.id),
        [...event.keys].map(String),
        String(event.target.key),
        event.target.dropPosition,
      );
      if (next.join() !== current.map((item) => item.id).join()) reorder(next);
    },
  });

  return (
    <List
      aria-label={ariaLabel}
      dragAndDropHooks={dragAndDropHooks}
      keyboardNavigationBehavior="tab"
      renderEmptyState={() => <div className="empty">{emptyText}</div>}
    >
      {items.map((item) => (
        <Row key={item.id} id={item.id} textValue={textValue(item)}>
          <Handle slot="drag" aria-label={handleLabel(item)}>
            <span aria-hidden="true">⋮⋮</span>
          </Handle>
          <Content>{renderItem(item)}</Content>
        </Row>
      ))}
    </List>
  );
}
