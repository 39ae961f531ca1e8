import styled from 'styled-components';

/** The card-like form of the login, password registration and password reset pages. */
export const AuthForm = styled.form`
  display: grid;
  gap: var(--space-4);
  padding: var(--space-5) var(--space-4);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  box-shadow: var(--shadow-sm);

  button[type='submit'] {
    width: 100%;
  }
`;

/** The form-level message above the fields. */
export const FormError = styled.p`
  margin: 0;
  padding: var(--space-3);
  border-radius: var(--radius-md);
  background: var(--color-danger-soft);
  color: var(--color-danger);
  font-weight: 600;
`;

export const Lead = styled.p`
  margin: 0 0 var(--space-4);
`;

/** The link back (to login) below the form. */
export const Back = styled.p`
  margin: var(--space-4) 0 0;

  a {
    color: var(--color-primary);
  }
`;
