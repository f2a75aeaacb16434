import type { TopicDef } from '@waymark/contracts';

/** A service's own PostgreSQL schema: migrations from its `prisma/` folder, plus the shared tables it uses. */
export interface ServiceDatabase {
  schema: string;
  /** Where the service's compiled or source files are (`__dirname` of its service.ts): migrations are found from it. */
  from: string;
  /** Topics the service publishes through its transactional outbox (adds the outbox table; `kit.outbox()` relays). */
  outbox?: readonly TopicDef<unknown>[];
  /** `Idempotency-Key` on POSTs, kept in this schema (adds its table; `kit.idempotency()` serves it). */
  idempotency?: boolean;
}
