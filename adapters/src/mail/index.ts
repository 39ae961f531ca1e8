export { SmtpMailer } from './smtp-mailer';
