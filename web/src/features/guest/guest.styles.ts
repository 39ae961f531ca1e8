import { FactList } from '@clinic/ui-kit';
import styled from 'styled-components';

/*
 * Native elements styled with the ui-kit's CSS variables. The guest route is the phone landing
 * page with a budget (docs/benchmarks.md): the choices are the ui-kit's native ChoiceCard,
 * DayButton and TimeSlotButton, and the form plain labelled <input>s, which need none of
 * react-aria's field machinery.
 */

export const Section = styled.section`
  margin: 0 0 var(--space-5);
  h2 {
    margin: 0 0 var(--space-3);
    font-size: var(--font-size-lg);
  }
  h3 {
    margin: var(--space-4) 0 var(--space-2);
    font-size: var(--font-size-md);
    color: var(--color-muted);
  }
`;

export const StepList = styled.ol`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: var(--space-1);
  margin: 0 0 var(--space-4);
  padding: 0;
  list-style: none;
  font-size: var(--font-size-xs);
  text-align: center;

  li {
    padding: var(--space-1) 0;
    border-bottom: 3px solid var(--color-border);
    color: var(--color-muted);
  }
  li[data-state='done'] {
    border-color: var(--color-primary-soft);
    color: var(--color-text);
  }
  li[aria-current='step'] {
    border-color: var(--color-primary);
    color: var(--color-primary);
    font-weight: 700;
  }
  @media (min-width: 768px) {
    font-size: var(--font-size-sm);
  }
`;

/** A grid of large choice buttons (院, menus). */
export const Choices = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: var(--space-2);
  @media (min-width: 768px) {
    grid-template-columns: repeat(3, 1fr);
  }
`;

/** The 30-day strip: scrolls sideways on a phone, wraps on a desktop. */
export const DayStrip = styled.div`
  display: flex;
  gap: var(--space-2);
  overflow-x: auto;
  padding: 2px 2px var(--space-2);
  scroll-snap-type: x proximity;
  @media (min-width: 768px) {
    flex-wrap: wrap;
    overflow: visible;
  }
`;

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  margin: 0 0 var(--space-4);

  label {
    font-weight: 600;
  }
  label span {
    margin-left: var(--space-2);
    padding: 0 var(--space-1);
    border-radius: var(--radius-sm);
    background: var(--color-danger-soft);
    color: var(--color-danger);
    font-size: var(--font-size-xs);
    font-weight: 600;
  }
  input,
  select {
    min-height: 48px;
    padding: var(--space-2) var(--space-3);
    border: 1px solid var(--color-border);
    border-radius: var(--radius-md);
    background: var(--color-surface);
    color: var(--color-text);
    /* 16px keeps iOS from zooming into the field. */
    font: inherit;
    font-size: 16px;
  }
  input:focus-visible,
  select:focus-visible {
    outline: none;
    border-color: var(--color-primary);
    box-shadow: var(--focus-ring);
  }
  input[aria-invalid='true'] {
    border-color: var(--color-danger);
  }
  p {
    margin: 0;
    color: var(--color-danger);
    font-size: var(--font-size-sm);
  }
  @media (min-width: 768px) {
    max-width: 480px;
  }
`;

export const Alert = styled.p`
  margin: 0 0 var(--space-4);
  padding: var(--space-3) var(--space-4);
  border-left: 4px solid var(--color-danger);
  border-radius: var(--radius-sm);
  background: var(--color-danger-soft);
  color: var(--color-text);
  white-space: pre-line;
  a {
    color: inherit;
    font-weight: 700;
  }
`;

export const Info = styled.p`
  margin: 0 0 var(--space-4);
  color: var(--color-muted);
`;

/** The buttons at the bottom of a step; the main action first and full width on a phone. */
export const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  margin-top: var(--space-5);

  & > * {
    width: 100%;
  }
  @media (min-width: 768px) {
    flex-direction: row-reverse;
    justify-content: flex-end;
    & > * {
      width: auto;
      min-width: 180px;
    }
  }
`;

/** The booking summary: the kit's fact list, bold values, on a bordered surface. */
export const Summary = styled(FactList).attrs({ emphasis: true })`
  margin: 0 0 var(--space-4);
  padding: var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface);

  @media (min-width: 768px) {
    max-width: 640px;
  }
`;

export const Lead = styled.p`
  margin: 0 0 var(--space-4);
`;
