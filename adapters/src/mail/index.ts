export { SmtpMailer } from './smtp-mailer';
export { MessageChannels } from './message-channels';
