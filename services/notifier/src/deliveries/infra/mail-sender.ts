import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '@waymark/logging';
import type { MailSender, OutgoingMail } from '../app/deliveries-ports';

/** Sends mail: over SMTP in production, into a folder in the embedded mode. */
export interface ClosableMailSender extends MailSender {
  close(): void;
}

export interface MailSenderOptions {
  smtpUrl?: string;
  mailDir?: string;
  from: string;
  timeoutMs: number;
  logger: Logger;
}

export function createMailSender(options: MailSenderOptions): ClosableMailSender {
  if (options.smtpUrl) return new SmtpMailSender(options.smtpUrl, options.from, options.timeoutMs);
  if (options.mailDir) return new FolderMailSender(resolve(options.mailDir), options.from, options.logger);
  throw new Error('mail needs SMTP_URL or MAIL_DIR');
}

class SmtpMailSender implements ClosableMailSender {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    timeoutMs: number,
  ) {
    // A pooled transport keeps one SMTP session open for bursts of click mails instead of one per message.
    const url = new URL(smtpUrl);
    this.transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      pool: true,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  close(): void {
    this.transport.close();
  }
}

/** Writes each message as an .eml file (nodemailer's stream transport builds it), so the embedded mode needs no SMTP. */
class FolderMailSender implements ClosableMailSender {
  private readonly transport: Transporter;
  private announced = false;

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = (await this.transport.sendMail({ from: this.from, ...mail })) as {
      message: Buffer;
      messageId: string;
    };
    await mkdir(this.dir, { recursive: true });
    const file = join(
      this.dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9.-]/g, '')}.eml`,
    );
    await writeFile(file, info.message);
    if (!this.announced) {
      this.announced = true;
      this.logger.info({ mailDir: this.dir }, 'no SMTP server configured: outgoing mail is written to this folder');
    }
    this.logger.info({ file, to: mail.to, subject: mail.subject }, 'mail written');
  }

  close(): void {
    this.transport.close();
  }
}
