import { Link } from 'react-router-dom';
import styled from 'styled-components';

/** `var(--color-primary)` on the staff member's own clinic (or head office), else secondary. */
export const Header = styled.header`
  position: relative;
  z-index: 10;
  color: var(--color-on-primary);
  background: var(--color-primary);
  box-shadow: var(--shadow-sm);
  transition: background-color 0.3s;

  &[data-tone='secondary'] {
    background: var(--color-secondary);
  }

  @media (min-width: 768px) {
    position: sticky;
    top: 0;
  }
`;

export const HeaderRow = styled.div`
  display: grid;
  grid-template-columns: auto 1fr auto;
  grid-template-areas:
    'menu brand logout'
    'name name name'
    'picker picker picker';
  align-items: center;
  gap: var(--space-2) var(--space-3);
  max-width: 1440px;
  margin: 0 auto;
  padding: var(--space-2) var(--space-3);

  @media (min-width: 768px) {
    grid-template-columns: auto minmax(280px, 400px) 1fr auto;
    grid-template-areas: 'brand picker name logout';
    padding: var(--space-2) var(--space-5);
  }
`;

export const MenuButtonSlot = styled.div`
  grid-area: menu;

  @media (min-width: 768px) {
    display: none;
  }
`;

export const Brand = styled(Link)`
  grid-area: brand;
  color: inherit;
  font-size: var(--font-size-lg);
  font-weight: 700;
  letter-spacing: 0.04em;
  text-decoration: none;
  white-space: nowrap;

  &:focus-visible {
    outline: 2px solid var(--color-on-primary);
    outline-offset: 2px;
  }
`;

export const ClinicPicker = styled.div`
  grid-area: picker;
  min-width: 0;

  /* The select's label (a span in react-aria's Select) sits on the header colour. */
  & > * > :first-child {
    color: inherit;
    white-space: nowrap;
  }

  @media (min-width: 768px) {
    & > * {
      flex-direction: row;
      align-items: center;
      gap: var(--space-2);
    }
  }
`;

export const LogoutSlot = styled.div`
  grid-area: logout;
  justify-self: end;
`;

export const StaffName = styled.span`
  grid-area: name;
  display: flex;
  align-items: baseline;
  gap: var(--space-3);
  min-width: 0;
  white-space: nowrap;
  font-weight: 600;

  & > span {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }

  @media (min-width: 768px) {
    justify-self: end;
  }
`;

/** The link to the staff member's own two-factor login settings, beside their name. */
export const TwoFactorLink = styled(Link)`
  color: inherit;
  font-size: var(--font-size-sm);
  font-weight: 400;

  &:focus-visible {
    outline: 2px solid var(--color-on-primary);
    outline-offset: 2px;
  }
`;

const navLinkCss = `
  a {
    display: block;
    color: var(--color-text);
    text-decoration: none;
    border-radius: var(--radius-md);
    font-weight: 600;
  }
  a:hover {
    background: var(--color-primary-soft);
  }
  a.active {
    color: var(--color-primary);
    background: var(--color-primary-soft);
  }
  a:focus-visible {
    outline: none;
    box-shadow: var(--focus-ring);
  }
`;

/** The horizontal navigation from 768 px up; below it the drawer takes over. */
export const DesktopNav = styled.nav`
  display: none;
  background: var(--color-surface);
  border-bottom: 1px solid var(--color-border);

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-1);
    max-width: 1440px;
    margin: 0 auto;
    padding: var(--space-1) var(--space-4);
    list-style: none;
  }
  ${navLinkCss}
  a {
    padding: var(--space-2) var(--space-3);
  }

  @media (min-width: 768px) {
    display: block;
  }
`;

export const DrawerNav = styled.nav`
  ul {
    display: grid;
    gap: var(--space-1);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  ${navLinkCss}
  a {
    padding: var(--space-3);
    min-height: 44px;
  }
`;

export const Main = styled.main`
  max-width: 1440px;
  margin: 0 auto;
  padding: var(--space-4) var(--space-3) var(--space-7);

  @media (min-width: 768px) {
    padding: var(--space-5) var(--space-5) var(--space-7);
  }
`;
