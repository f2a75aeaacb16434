import { createContext, useContext } from 'react';
import type { WaymarkClient } from '@waymark/sdk';

export const ClientContext = createContext<WaymarkClient | null>(null);

export function useClient(): WaymarkClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient outside a signed-in console');
  return client;
}
