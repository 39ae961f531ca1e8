import { pino, type Logger } from 'pino';

/** Structured JSON logs on stdout, one line per event, with the request id where there is one. */
export const createLogger = (level: string): Logger =>
  pino({ level, base: { service: 'clinic' }, timestamp: pino.stdTimeFunctions.isoTime, redact: ['req.headers.cookie', 'password'] });
