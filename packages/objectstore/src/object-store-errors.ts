/** The key names no object in the bucket. */
export class ObjectNotFoundError extends Error {
  readonly code = 'object_not_found';
  constructor(readonly key: string) {
    super(`no object ${key}`);
  }
}

/** S3 error codes of a server that lacks a feature (s3rver answers NotImplemented for ?lifecycle). */
export function isUnsupported(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === 'NotImplemented' || code === 'MethodNotAllowed' || code === 'XNotImplemented';
}

export function isMissingKey(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === 'NoSuchKey' || code === 'NotFound';
}
