import styled from 'styled-components';
import { Dialog as RACDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export const Overlay = styled(ModalOverlay)`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: var(--space-4);
  background: var(--color-overlay);

  &[data-entering] {
    animation: ui-kit-fade-in 150ms ease-out;
  }

  @keyframes ui-kit-fade-in {
    from {
      opacity: 0;
    }
  }
`;

export const StyledModal = styled(Modal)`
  width: 100%;
  max-width: 520px;
  max-height: calc(100vh - 2 * var(--space-4));
  overflow: auto;
  background: var(--color-surface);
  border-radius: var(--radius-lg);
  box-shadow: var(--shadow-lg);
`;

export const StyledDialog = styled(RACDialog)`
  display: flex;
  flex-direction: column;
  gap: var(--space-4);
  padding: var(--space-5);
  outline: none;
`;

export const Title = styled(Heading)`
  margin: 0;
  font-size: var(--font-size-lg);
  font-weight: 700;
  line-height: 1.5;
`;

export const Body = styled.div`
  color: var(--color-text);
  white-space: pre-wrap;
`;

export const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: var(--space-2);
`;
