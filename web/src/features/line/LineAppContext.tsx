import { createContext, useContext } from 'react';
import type { LineAppSessionJson } from '@clinic/contract';

/** Who opened the LINE app, as the server verified it: the LINE user, and the linked member (else a LINE guest). */
export const LineAppContext = createContext<LineAppSessionJson | null>(null);

export function useLineApp(): LineAppSessionJson {
  const value = useContext(LineAppContext);
  if (!value) throw new Error('useLineApp outside the LINE app layout');
  return value;
}
