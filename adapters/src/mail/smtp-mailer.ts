import { ServiceUnavailableError, type MailMessage, type MailPort } from '@clinic/core';
import nodemailer, { type Transporter } from 'nodemailer';

/** Sends mail through an SMTP server named by a URL (`smtp://user:pass@host:587`, `smtps://…`). */
export class SmtpMailer implements MailPort {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never);
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
    } catch (error) {
      throw new ServiceUnavailableError('mail server unavailable', { cause: error });
    }
  }

  close(): void {
    this.transport.close();
  }
}
