import { FactList } from '@clinic/ui-kit';
import styled from 'styled-components';

/*
 * Native elements styled with the ui-kit's CSS variables. The guest route is the phone landing
 * page with a budget (docs/benchmarks.md): choices are plain <button aria-pressed> and the form
 * plain labelled <input>s, which need none of react-aria's field machinery.
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

export const Choice = styled.button`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 2px;
  min-height: 48px;
  padding: var(--space-3) var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface);
  color: var(--color-text);
  font: inherit;
  text-align: left;
  cursor: pointer;
  -webkit-tap-highlight-color: transparent;

  strong {
    font-size: var(--font-size-md);
  }
  small {
    color: var(--color-muted);
    font-size: var(--font-size-sm);
  }
  &:hover {
    border-color: var(--color-primary);
  }
  &[aria-pressed='true'] {
    border: 2px solid var(--color-primary);
    padding: calc(var(--space-3) - 1px) calc(var(--space-4) - 1px);
    background: var(--color-primary-soft);
  }
  &:focus-visible {
    outline: none;
    box-shadow: var(--focus-ring);
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

export const Day = styled.button`
  flex: 0 0 auto;
  display: flex;
  flex-direction: column;
  align-items: center;
  width: 60px;
  min-height: 60px;
  padding: var(--space-1);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface);
  color: var(--color-text);
  font: inherit;
  font-size: var(--font-size-sm);
  line-height: 1.3;
  scroll-snap-align: start;
  cursor: pointer;

  b {
    font-size: var(--font-size-lg);
  }
  &[data-weekday='0'] span {
    color: var(--color-danger);
  }
  &[data-weekday='6'] span {
    color: var(--color-secondary);
  }
  &:disabled {
    background: var(--color-surface-alt);
    color: var(--color-muted);
    cursor: not-allowed;
  }
  &[aria-pressed='true'] {
    border-color: var(--color-primary);
    background: var(--color-primary);
    color: var(--color-on-primary);
  }
  &[aria-pressed='true'] span {
    color: inherit;
  }
  &:focus-visible {
    outline: none;
    box-shadow: var(--focus-ring);
  }
`;

export const Times = styled.div`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: var(--space-2);
  @media (min-width: 768px) {
    grid-template-columns: repeat(8, 1fr);
  }
`;

export const Time = styled(Day)`
  width: auto;
  min-height: 44px;
  justify-content: center;
  font-size: var(--font-size-md);
  font-variant-numeric: tabular-nums;
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
  input {
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
  input:focus-visible {
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
