import pino, { type Logger } from 'pino';

/** Structured logs. Keys, Authorization headers and cookies are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'apiKey',
        '*.apiKey',
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: '[redacted]',
    },
  });
}
