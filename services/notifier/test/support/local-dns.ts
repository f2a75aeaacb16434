import type { AddressInfo } from 'node:net';
// dns2 is a pure-JS DNS server: a real UDP server that the notifier's node:dns Resolver queries.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dns2 = require('dns2');

export interface LocalDns {
  /** `127.0.0.1:PORT`, as WEBHOOK_DNS_SERVERS takes it. */
  address: string;
  /** Answers A questions for `name` with `ip` from now on (a rebinding attacker changes it between checks). */
  setA(name: string, ip: string): void;
  close(): Promise<void>;
}

export async function startLocalDns(): Promise<LocalDns> {
  const { Packet } = dns2;
  const records = new Map<string, string>();
  const server = dns2.createServer({
    udp: true,
    handle: (request: { questions: { name: string; type: number }[] }, send: (r: unknown) => void) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const ip = question && question.type === Packet.TYPE.A ? records.get(question.name.toLowerCase()) : undefined;
      if (question && ip) response.answers.push({ name: question.name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 0, address: ip });
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const { port } = server.addresses().udp as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    setA: (name, ip) => records.set(name.toLowerCase(), ip),
    close: () => server.close(),
  };
}
