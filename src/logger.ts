import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Logs carry request id, account id, route, status, format, size, pages and duration. Redaction is
 * the safety net for the headers and names that must never appear, should anything log them.
 */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["x-api-key"]',
  '*.apiKey',
  '*.key',
  '*.fileName',
  '*.filename',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'docjson' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        // Fastify's default request serializer logs the URL, host and remote address; the URL is
        // kept to its path since a client may put anything in a query string.
        req: (req: { method?: string; url?: string; id?: string }) => ({
          id: req.id,
          method: req.method,
          path: req.url?.split('?')[0],
        }),
      },
    },
    destination,
  );
}
