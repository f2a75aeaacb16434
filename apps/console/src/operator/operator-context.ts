import { createContext, useContext } from 'react';
import type { WaymarkClient } from '@waymark/sdk';

/** The client that carries the operator token; only the operator pages (lazy-loaded) use it. */
export const OperatorClientContext = createContext<WaymarkClient | null>(null);

export function useOperatorClient(): WaymarkClient {
  const client = useContext(OperatorClientContext);
  if (!client) throw new Error('useOperatorClient outside a signed-in operator console');
  return client;
}
