import { connect } from 'node:net';
import { freePort } from './free-port';

/** The error a real connection attempt to a port nobody listens on fails with (ECONNREFUSED), for outage tests. */
export async function refusedConnectionError(): Promise<Error> {
  const port = await freePort();
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('error', resolve);
    socket.on('connect', () => {
      socket.destroy();
      reject(new Error(`something took port ${port} meanwhile; expected nothing to listen there`));
    });
  });
}
