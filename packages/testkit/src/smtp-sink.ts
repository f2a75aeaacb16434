import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:PORT`, as SMTP_URL takes it. */
  url: string;
  mails: ReceivedMail[];
  mailsTo(address: string): ReceivedMail[];
  stop(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on a free port that accepts every message, unauthenticated and without TLS,
 * and keeps it for assertions.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  // Loaded on use, so suites that never send mail do not load the SMTP server.
  const { SMTPServer } = await import('smtp-server');
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo: (address) => mails.filter((mail) => mail.to.includes(address)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
