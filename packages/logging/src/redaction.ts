/**
 * Log paths whose values are secrets. Header names appear both as pino-http logs them (`req.headers`) and as
 * outgoing clients tend to (`headers`); `*.x` only reaches one level down, so nested levels are listed explicitly.
 */
const SECRET_HEADERS = ['authorization', '["x-api-key"]', 'cookie', '["set-cookie"]', '["proxy-authorization"]'];
const SECRET_FIELDS = ['signingSecret', 'password'];

export const REDACTED_PATHS: readonly string[] = [
  ...SECRET_HEADERS.flatMap((h) => [`req.headers.${h}`, `res.headers.${h}`, `headers.${h}`, `request.headers.${h}`]),
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`, `*.*.*.${f}`]),
];

export const REDACTION_CENSOR = '[redacted]';
