/**
 * Static styles of the calendar. Every position comes from CSS variables set in the `style`
 * attribute (`--r` row, `--c` column, `--s` span), never from interpolations, so styled-components
 * generates each class once however many blocks a day has (shared/STYLE.md).
 */
import { DatePicker, RadioGroup } from '@clinic/ui-kit';
import styled from 'styled-components';

/**
 * The calendar comes first: title, date and controls share one row at desktop width, the memo
 * and the legend one thin row, so the timeline's first rows sit within the top 250 px at
 * 1280×800 (test/e2e/calendar.spec.ts measures it).
 */
export const Page = styled.div`
  display: grid;
  gap: var(--space-1);
  min-width: 0;
  margin-top: calc(-1 * var(--space-3));
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-1) var(--space-3);
  align-items: center;
`;

export const Title = styled.h1`
  margin: 0;
  font-size: var(--font-size-lg);
  line-height: 1.3;
`;

/** The field's label beside it, not above: the controls stay on one line. */
export const InlineDatePicker = styled(DatePicker)`
  && {
    flex-direction: row;
    align-items: center;
    gap: var(--space-2);
  }
  && > div {
    width: 9.5em;
  }
`;

export const InlineRadioGroup = styled(RadioGroup)`
  && {
    flex-direction: row;
    align-items: center;
    gap: var(--space-2);
  }
`;

/** The memo and the legend: one line above the timeline. */
export const InfoRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-1) var(--space-4);
  align-items: center;
  min-width: 0;

  & > section {
    flex: 1 1 360px;
  }
`;

export const ButtonGroup = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
  align-items: center;
`;

export const DateHeading = styled.h2`
  margin: 0;
  font-size: var(--font-size-md);
  white-space: nowrap;
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
  /* --focus-ring is a box-shadow: as an outline it is invalid, and the region showed no focus at all. */
  &:focus-visible {
    outline: 2px solid var(--color-focus);
    outline-offset: -2px;
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
    /* A waitlist offer's hold: its own kind of block, with who it is held for. */
    &[data-kind='hold'] {
      z-index: 1;
      top: calc(var(--r) * var(--row-h) + 3px);
      height: calc(var(--row-h) - 7px);
      box-sizing: border-box;
      padding: 1px 4px;
      overflow: hidden;
      border: 1px dashed var(--color-warning, #b45309);
      border-radius: 4px;
      background: repeating-linear-gradient(135deg, #fef3c7 0 6px, #fde68a 6px 12px);
      color: #78350f;
      font-size: 0.75rem;
      line-height: 1.3;
      white-space: nowrap;
      text-overflow: ellipsis;
      pointer-events: auto;
      contain: layout;
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
    /* 問診票・同意書 on the status line: the state, then the flags (docs/forms.md). */
    i[data-forms] {
      font-style: normal;
      font-weight: 700;
      color: var(--color-success);
    }
    i[data-forms='pending'] {
      color: var(--color-warning);
    }
    em[data-forms-flags] {
      font-style: normal;
      font-weight: 700;
      color: var(--color-danger);
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
      /* Set back by the dashed frame and the muted colour, not by opacity: faded text fails contrast. */
      border-style: dashed;
      border-color: var(--color-muted);
      background: var(--color-surface);
      color: var(--color-muted);
      cursor: pointer;
    }
    &[data-status='NOT_VISITED'] {
      border-color: var(--color-danger);
    }
    &[data-dragging] {
      opacity: 0.4;
    }
    /* 来院確認済み: a check in a circle, top right; the block's aria-label says it in words. */
    &[data-confirmed]::after {
      content: '✓';
      position: absolute;
      top: 2px;
      right: 2px;
      width: 14px;
      height: 14px;
      border-radius: 50%;
      background: var(--color-success);
      color: var(--color-on-primary);
      font-size: 10px;
      font-weight: 700;
      line-height: 14px;
      text-align: center;
    }
    &:focus-visible {
      outline: 2px solid var(--color-focus);
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
  display: flex;
  align-items: center;
  gap: var(--space-2) var(--space-3);
  min-width: 0;
  padding: 2px var(--space-2) 2px var(--space-3);
  border: 1px solid var(--color-border);
  border-left: 4px solid var(--color-warning);
  border-radius: var(--radius-md);
  background: var(--color-surface);

  h2 {
    margin: 0;
    font-size: var(--font-size-sm);
    white-space: nowrap;
  }
  & > div {
    flex-wrap: nowrap;
  }
  &[data-editing] {
    flex-wrap: wrap;
    padding: var(--space-2) var(--space-3);
  }
  @media (max-width: 767px) {
    flex-wrap: wrap;
    padding: var(--space-1) var(--space-2) var(--space-1) var(--space-3);

    p {
      flex-basis: 50%;
    }
  }
`;

/** The memo in one line; the whole text is in its title and in the editor. */
export const MemoLine = styled.p`
  flex: 1 1 auto;
  min-width: 0;
  margin: 0;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  font-size: var(--font-size-sm);

  &[data-empty] {
    color: var(--color-muted);
  }
`;

export const MemoEditor = styled.div`
  display: grid;
  gap: var(--space-2);
  flex: 1 1 100%;
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
    outline: none;
    box-shadow: var(--focus-ring);
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

/** At desktop width the week fits the page (no sideways scrolling); at phone width it scrolls. */
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
  /* 問診票・同意書, as the day view's blocks mark them. */
  [data-forms='pending'] {
    font-weight: 700;
    color: var(--color-warning);
  }
  [data-forms-flags] {
    font-weight: 700;
    color: var(--color-danger);
  }

  @media (min-width: 768px) {
    width: 100%;
    table-layout: fixed;

    th,
    td {
      white-space: normal;
      overflow-wrap: anywhere;
    }
    thead th:first-child {
      width: 9em;
    }
  }
`;

/** The day's visits not yet confirmed, for reception to call. */
export const Unconfirmed = styled.section`
  padding: var(--space-2) var(--space-3);
  border: 1px solid var(--color-border);
  border-left: 4px solid var(--color-primary);
  border-radius: var(--radius-md);
  background: var(--color-surface);

  h2 {
    margin: 0 0 var(--space-1);
    font-size: var(--font-size-sm);
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: var(--font-size-sm);
  }
  th,
  td {
    padding: 2px var(--space-2);
    border-bottom: 1px solid var(--color-border);
    text-align: left;
    white-space: nowrap;
  }
  td[data-menu] {
    white-space: normal;
  }
  a {
    color: var(--color-primary);
    font-weight: 600;
  }
  button {
    padding: 0;
    border: 0;
    background: none;
    color: var(--color-primary);
    font: inherit;
    font-weight: 600;
    text-decoration: underline;
    cursor: pointer;
  }
  @media (max-width: 767px) {
    overflow-x: auto;
  }
`;
