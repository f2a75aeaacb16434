/** What the embedded runner hands the redirector's thread (redirector-thread-worker.ts) when it starts it. */
export interface RedirectorThreadData {
  /** The redirector's environment, as its loadConfig reads it (ports, spool folder and the user's variables). */
  readonly env: Record<string, string | undefined>;
  readonly databaseUrl: string;
  readonly logLevel: string;
}

export type RedirectorThreadRequest = { readonly type: 'stop' };

export type RedirectorThreadReply =
  { readonly type: 'started'; readonly port: number } | { readonly type: 'failed'; readonly error: ThreadError };

/** An error as it crosses threads: a structured clone of an Error keeps neither its class nor its `code`. */
export interface ThreadError {
  readonly name: string;
  readonly message: string;
  readonly stack?: string;
  readonly code?: string;
}

export function toThreadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = (error as NodeJS.ErrnoException).code;
  return { name: error.name, message: error.message, stack: error.stack, ...(code ? { code } : {}) };
}

export function fromThreadError(error: ThreadError): Error {
  const rebuilt: NodeJS.ErrnoException = new Error(error.message);
  rebuilt.name = error.name;
  if (error.stack) rebuilt.stack = error.stack;
  if (error.code) rebuilt.code = error.code;
  return rebuilt;
}
