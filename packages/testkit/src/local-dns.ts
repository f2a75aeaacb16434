import type { AddressInfo } from 'node:net';

export interface LocalDns {
  /** `127.0.0.1:PORT`, as DNS_SERVERS and WEBHOOK_DNS_SERVERS take it. */
  address: string;
  /** Answers A questions for `name` with `ip` from now on (a rebinding attacker changes it between checks). */
  setA(name: string, ip: string): void;
  /** Answers TXT questions for `name` with `values` from now on. */
  setTxt(name: string, values: string[]): void;
  close(): Promise<void>;
}

type Question = { name: string; type: number };

/**
 * A DNS server on a free UDP port (dns2, pure JS) answering A and TXT questions from maps the test fills: a real
 * server that a service's node:dns Resolver queries. A answers have TTL 0, TXT answers TTL 1.
 */
export async function startLocalDns(): Promise<LocalDns> {
  // dns2 ships no types; loaded on use.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const dns2 = require('dns2');
  const { Packet } = dns2;
  const a = new Map<string, string>();
  const txt = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request: { questions: Question[] }, send: (response: unknown) => void) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      const ip = question?.type === Packet.TYPE.A ? a.get(name) : undefined;
      if (question && ip) {
        response.answers.push({
          name: question.name,
          type: Packet.TYPE.A,
          class: Packet.CLASS.IN,
          ttl: 0,
          address: ip,
        });
      }
      if (question && question.type === Packet.TYPE.TXT) {
        for (const data of txt.get(name) ?? []) {
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data });
        }
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const { port } = server.addresses().udp as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    setA: (name, ip) => void a.set(name.toLowerCase(), ip),
    setTxt: (name, values) => void txt.set(name.toLowerCase(), values),
    close: () => server.close(),
  };
}
