import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SentMail {
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  mails: SentMail[];
  stop(): Promise<void>;
}

/** An SMTP server that accepts every message, unauthenticated and without TLS, and keeps it for assertions. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SentMail[] = [];
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
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
