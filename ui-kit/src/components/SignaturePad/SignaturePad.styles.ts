import styled from 'styled-components';

export const SignaturePadRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  min-width: 0;

  &[data-disabled] canvas {
    background: var(--color-surface-alt);
    cursor: not-allowed;
  }
`;

export const Caption = styled.span`
  font-size: var(--font-size-sm);
  font-weight: 600;
  color: var(--color-text);
`;

export const Hint = styled.span`
  font-size: var(--font-size-xs);
  color: var(--color-muted);
`;

export const CanvasFrame = styled.div`
  position: relative;
  border: 1px dashed var(--color-muted);
  border-radius: var(--radius-md);
  background: var(--color-surface);
  overflow: hidden;

  /* The line to sign on. */
  &::after {
    content: '';
    position: absolute;
    left: var(--space-4);
    right: var(--space-4);
    bottom: 28%;
    border-bottom: 1px solid var(--color-border);
    pointer-events: none;
  }
`;

export const Canvas = styled.canvas`
  display: block;
  width: 100%;
  height: 160px;
  color: var(--color-text);
  touch-action: none;
  cursor: crosshair;
`;
