/**
 * Static styles of the calendar. Every position comes from CSS variables set in the `style`
 * attribute (`--r` row, `--c` column, `--s` span), never from interpolations, so styled-components
 * generates each class once however many blocks a day has (shared/STYLE.md).
 */
import styled from 'styled-components';

export const Page = styled.div`
  display: grid;
  gap: var(--space-4);
  min-width: 0;
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2) var(--space-3);
  align-items: end;
`;

export const ButtonGroup = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
  align-items: center;
`;

export const DateHeading = styled.h2`
  margin: 0;
  font-size: var(--font-size-lg);
  width: 100%;
`;

export const Legend = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-3);
  font-size: var(--font-size-sm);
  color: var(--color-muted);

  span::before {
    content: '';
    display: inline-block;
    width: 14px;
    height: 14px;
    margin-right: var(--space-1);
    vertical-align: -2px;
    border: 1px solid var(--color-border);
    border-radius: var(--radius-sm);
  }
  span[data-kind='work']::before {
    background: var(--color-surface);
  }
  span[data-kind='break']::before {
    background: repeating-linear-gradient(45deg, var(--color-border) 0 3px, transparent 3px 7px);
  }
`;

export const Scroller = styled.div`
  --col-w: 26px;
  --row-h: 58px;
  --label-w: 104px;
  --head-h: 28px;
  position: relative;
  overflow-x: auto;
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface-alt);
  max-width: 100%;

  @media (min-width: 768px) {
    --col-w: 30px;
    --label-w: 150px;
  }
  &:focus-visible {
    outline: var(--focus-ring);
  }
`;

export const Canvas = styled.div`
  display: grid;
  grid-template-columns: var(--label-w) calc(var(--cols) * var(--col-w));
  grid-template-rows: var(--head-h) calc(var(--rows) * var(--row-h));
  width: max-content;
`;

export const Corner = styled.div`
  position: sticky;
  left: 0;
  z-index: 3;
  background: var(--color-surface);
  border-bottom: 1px solid var(--color-border);
  border-right: 1px solid var(--color-border);
  font-size: var(--font-size-xs);
  color: var(--color-muted);
  display: flex;
  align-items: center;
  padding: 0 var(--space-2);
`;

export const Hours = styled.div`
  position: relative;
  background: var(--color-surface);
  border-bottom: 1px solid var(--color-border);
`;

export const HourLabel = styled.span`
  position: absolute;
  top: 0;
  left: calc(var(--c) * var(--col-w));
  padding-left: 3px;
  border-left: 1px solid var(--color-border);
  font-size: var(--font-size-xs);
  line-height: var(--head-h);
  color: var(--color-muted);
  white-space: nowrap;
`;

export const Labels = styled.div`
  position: sticky;
  left: 0;
  z-index: 3;
  display: grid;
  grid-auto-rows: var(--row-h);
  background: var(--color-surface);
  border-right: 1px solid var(--color-border);
`;

export const RowLabel = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: center;
  padding: 0 var(--space-2);
  border-bottom: 1px solid var(--color-border);
  font-size: var(--font-size-sm);
  line-height: 1.3;
  overflow: hidden;

  small {
    color: var(--color-muted);
    font-size: var(--font-size-xs);
  }
  strong {
    font-weight: 600;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  &[data-type='ROOM'],
  &[data-type='MACHINE'] {
    background: var(--color-surface-alt);
  }
`;

/** The rows' body: grid lines from backgrounds, shades and blocks positioned inside it. */
export const Body = styled.div`
  position: relative;
  cursor: copy;
  background-color: var(--color-surface-alt);
  background-image:
    repeating-linear-gradient(to bottom, transparent 0 calc(var(--row-h) - 1px), var(--color-border) calc(var(--row-h) - 1px) var(--row-h)),
    repeating-linear-gradient(to right, var(--color-border) 0 1px, transparent 1px calc(var(--col-w) * 4));
  touch-action: pan-x pan-y;
  contain: layout;

  & > [data-shade] {
    position: absolute;
    top: calc(var(--r) * var(--row-h));
    left: calc(var(--c) * var(--col-w));
    width: calc(var(--s) * var(--col-w));
    height: calc(var(--row-h) - 1px);
    pointer-events: none;
    contain: strict;

    &[data-kind='work'] {
      background: var(--color-surface);
    }
    &[data-kind='break'],
    &[data-kind='block'] {
      background: repeating-linear-gradient(45deg, var(--color-border) 0 3px, transparent 3px 8px);
    }
  }

  & > [data-block] {
    position: absolute;
    z-index: 1;
    top: calc(var(--r) * var(--row-h) + 3px);
    left: calc(var(--c) * var(--col-w) + 1px);
    width: calc(var(--s) * var(--col-w) - 2px);
    height: calc(var(--row-h) - 7px);
    box-sizing: border-box;
    padding: 1px 4px;
    overflow: hidden;
    border-radius: var(--radius-sm);
    border: 1px solid var(--color-primary);
    border-left-width: 4px;
    background: var(--color-primary-soft);
    color: var(--color-text);
    font-size: var(--font-size-xs);
    line-height: 1.35;
    cursor: grab;
    user-select: none;
    touch-action: none;
    /* Sized by the variables: its inside never affects the rest of the layout. */
    contain: strict;

    b,
    span {
      display: block;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    b {
      font-weight: 600;
    }
    &[data-status='VISITED'] {
      border-color: var(--color-success);
      background: var(--color-success-soft);
    }
    &[data-status='CANCELLED'],
    &[data-status='NOT_VISITED'] {
      z-index: 0;
      top: calc(var(--r) * var(--row-h) + var(--row-h) * 0.55);
      height: calc(var(--row-h) * 0.42);
      opacity: 0.55;
      border-style: dashed;
      border-color: var(--color-muted);
      background: var(--color-surface);
      cursor: pointer;
    }
    &[data-status='NOT_VISITED'] {
      border-color: var(--color-danger);
    }
    &[data-dragging] {
      opacity: 0.4;
    }
    &:focus-visible {
      outline: var(--focus-ring);
      outline-offset: 1px;
      z-index: 2;
    }
  }
`;

export const Ghost = styled.div`
  position: absolute;
  z-index: 4;
  top: calc(var(--r) * var(--row-h) + 2px);
  left: calc(var(--c) * var(--col-w));
  width: calc(var(--s) * var(--col-w));
  height: calc(var(--row-h) - 5px);
  box-sizing: border-box;
  border: 2px dashed var(--color-primary);
  border-radius: var(--radius-sm);
  background: color-mix(in srgb, var(--color-primary) 15%, transparent);
  pointer-events: none;

  &[data-refused] {
    border-color: var(--color-danger);
    background: color-mix(in srgb, var(--color-danger) 15%, transparent);
  }
`;

export const Message = styled.p`
  margin: 0;
  padding: var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface);
`;

export const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: var(--space-6);
`;

export const MemoBox = styled.section`
  display: grid;
  gap: var(--space-2);
  padding: var(--space-3) var(--space-4);
  border: 1px solid var(--color-border);
  border-left: 4px solid var(--color-warning);
  border-radius: var(--radius-md);
  background: var(--color-surface);

  h2 {
    margin: 0;
    font-size: var(--font-size-md);
  }
  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

export const TextArea = styled.textarea`
  width: 100%;
  min-height: 5em;
  box-sizing: border-box;
  padding: var(--space-2);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  font: inherit;
  background: var(--color-surface);
  color: var(--color-text);

  &:focus-visible {
    outline: var(--focus-ring);
  }
  &[aria-invalid='true'] {
    border-color: var(--color-danger);
  }
`;

export const FieldLabel = styled.label`
  display: grid;
  gap: var(--space-1);
  font-weight: 600;
  font-size: var(--font-size-sm);
`;

export const ErrorText = styled.p`
  margin: 0;
  color: var(--color-danger);
  font-weight: 600;
`;

export const Muted = styled.p`
  margin: 0;
  color: var(--color-muted);
  font-size: var(--font-size-sm);
`;

export const Stack = styled.div`
  display: grid;
  gap: var(--space-3);
`;

export const WeekTable = styled.table`
  border-collapse: collapse;
  width: max-content;
  min-width: 100%;
  background: var(--color-surface);
  font-size: var(--font-size-sm);

  th,
  td {
    border: 1px solid var(--color-border);
    padding: var(--space-1) var(--space-2);
    text-align: center;
    white-space: nowrap;
  }
  th[scope='row'] {
    position: sticky;
    left: 0;
    background: var(--color-surface);
    text-align: left;
  }
  td[data-off] {
    color: var(--color-muted);
    background: var(--color-surface-alt);
  }
  a {
    color: var(--color-primary);
    font-weight: 600;
  }
`;
