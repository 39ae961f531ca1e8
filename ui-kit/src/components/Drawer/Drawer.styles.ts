import styled from 'styled-components';
import { Button as RACButton, Dialog as RACDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export const DrawerOverlay = styled(ModalOverlay)`
  position: fixed;
  inset: 0;
  z-index: 100;
  background: var(--color-overlay);

  &[data-entering] {
    animation: ui-kit-drawer-fade 150ms ease-out;
  }

  @keyframes ui-kit-drawer-fade {
    from {
      opacity: 0;
    }
  }
`;

export const DrawerModal = styled(Modal)`
  position: fixed;
  top: 0;
  bottom: 0;
  width: var(--drawer-width);
  max-width: 100vw;
  display: flex;
  flex-direction: column;
  background: var(--color-surface);
  box-shadow: var(--shadow-lg);
  outline: none;

  &[data-placement='left'] {
    left: 0;
  }

  &[data-placement='right'] {
    right: 0;
  }

  &[data-entering][data-placement='left'] {
    animation: ui-kit-drawer-left 180ms ease-out;
  }

  &[data-entering][data-placement='right'] {
    animation: ui-kit-drawer-right 180ms ease-out;
  }

  @keyframes ui-kit-drawer-left {
    from {
      transform: translateX(-100%);
    }
  }

  @keyframes ui-kit-drawer-right {
    from {
      transform: translateX(100%);
    }
  }
`;

export const DrawerDialog = styled(RACDialog)`
  display: flex;
  flex-direction: column;
  height: 100%;
  outline: none;
`;

export const DrawerHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-2);
  padding: var(--space-3) var(--space-3) var(--space-3) var(--space-4);
  border-bottom: 1px solid var(--color-border);
`;

export const DrawerTitle = styled(Heading)`
  margin: 0;
  font-size: var(--font-size-lg);
  font-weight: 700;
`;

export const CloseButton = styled(RACButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: none;
  border-radius: var(--radius-md);
  background: transparent;
  color: var(--color-text);
  cursor: pointer;
  outline: none;

  &[data-hovered] {
    background: var(--color-primary-soft);
  }

  &[data-pressed] {
    background: var(--color-border);
  }

  &[data-focus-visible] {
    box-shadow: var(--focus-ring);
  }

  & svg {
    width: 22px;
    height: 22px;
  }
`;

export const DrawerBody = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: var(--space-4);
`;
