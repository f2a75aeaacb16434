import type { AddressInfo } from 'node:net';
// dns2 is a pure-JS DNS server: a real UDP server the service's node:dns Resolver queries.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dns2 = require('dns2');

export interface LocalDnsServer {
  /** `127.0.0.1:PORT`, as DNS_SERVERS takes it. */
  address: string;
  setTxt(name: string, values: string[]): void;
  close(): Promise<void>;
}

/** A DNS server on a free UDP port answering TXT questions from a map the test fills. */
export async function startLocalDnsServer(): Promise<LocalDnsServer> {
  const { Packet } = dns2;
  const txt = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request: { questions: { name: string; type: number }[] }, send: (r: unknown) => void) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (question && question.type === Packet.TYPE.TXT) {
        for (const value of txt.get(question.name.toLowerCase()) ?? []) {
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data: value });
        }
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const { port } = server.addresses().udp as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    setTxt: (name, values) => txt.set(name.toLowerCase(), values),
    close: () => server.close(),
  };
}
