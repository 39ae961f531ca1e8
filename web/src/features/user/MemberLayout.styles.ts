import { Link } from 'react-router-dom';
import styled from 'styled-components';

export const Header = styled.header`
  background: var(--color-surface);
  border-bottom: 3px solid var(--color-primary);
  box-shadow: var(--shadow-sm);
`;

export const HeaderRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-3);
  max-width: 960px;
  margin: 0 auto;
  padding: var(--space-2) var(--space-4);
`;

export const Logo = styled(Link)`
  color: var(--color-primary);
  font-size: var(--font-size-lg);
  font-weight: 700;
  letter-spacing: 0.04em;
  text-decoration: none;

  &:focus-visible {
    outline: none;
    box-shadow: var(--focus-ring);
  }
`;

/** 診察券番号 … / … 様 / …院: a full-width band, its text aligned with the page. */
export const MemberLine = styled.div`
  background: var(--color-primary-soft);

  p {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-1) var(--space-4);
    max-width: 960px;
    margin: 0 auto;
    padding: var(--space-2) var(--space-4);
    font-size: var(--font-size-sm);
    color: var(--color-text);
  }
`;

export const MenuList = styled.ul`
  display: grid;
  gap: var(--space-1);
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: block;
    min-height: 44px;
    padding: var(--space-3);
    border-radius: var(--radius-md);
    color: var(--color-text);
    font-weight: 600;
    text-decoration: none;
  }
  a:hover,
  a[aria-current='page'] {
    background: var(--color-primary-soft);
    color: var(--color-primary);
  }
  a:focus-visible {
    outline: none;
    box-shadow: var(--focus-ring);
  }
`;
