import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { context, trace, type Context, type Span, type TracerProvider } from '@opentelemetry/api';
import { PgInstrumentation, type PgRequestHookInformation } from '@opentelemetry/instrumentation-pg';
import { PrismaInstrumentation } from '@prisma/instrumentation';

/**
 * Prisma's spans that say nothing a trace reader needs: request serialisation, query-plan compilation, the first
 * connect, and its own per-statement span (the pg instrumentation's statement span covers the same statement, with
 * the operation name and database, through the driver adapter).
 */
const PRISMA_SPANS_IGNORED = [
  'prisma:client:serialize',
  'prisma:client:compile',
  'prisma:client:connect',
  'prisma:client:db_query',
];

/**
 * Enables the database instrumentations on `provider` and returns what turns them off again. Statement groups:
 * Prisma's `operation` (one repository call, `Model.action`) and `transaction` spans; statements: instrumentation-pg's
 * `pg.query:<OPERATION> <database>` spans (query text with `$n` placeholders, never the values). Statements are
 * spanned only inside an active span (`requireParentSpan`), so polling, LISTEN and background work add nothing.
 * Called only when tracing is on: with tracing off nothing is patched.
 */
export function startDatabaseInstrumentation(provider: TracerProvider): () => void {
  const pg = new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true, requestHook: nameOperation });
  const prisma = new PrismaInstrumentation({ ignoreSpanTypes: PRISMA_SPANS_IGNORED });
  const disable = registerInstrumentations({ tracerProvider: provider, instrumentations: [pg, prisma] });
  requireParentForPrisma();
  const unpatch = patchLoadedModules(pg);
  return () => {
    disable();
    unpatch();
  };
}

/** What Prisma's client reads from `globalThis` (its instrumentation contract): the helper that makes its spans. */
interface PrismaTracingHelper {
  runInChildSpan(options: string | { name: string; context?: Context }, callback: () => unknown): unknown;
}

/**
 * Prisma spans its calls even outside any span, each a new trace (every poll of a scheduler would be one), and the
 * span it makes active would hand an unsampled `traceparent` to what runs inside (an outbox row). Like the pg
 * instrumentation's `requireParentSpan`, a Prisma call with no span to continue runs unspanned.
 */
function requireParentForPrisma(): void {
  const slot = (globalThis as { PRISMA_INSTRUMENTATION?: { helper?: PrismaTracingHelper } }).PRISMA_INSTRUMENTATION;
  const helper = slot?.helper;
  if (helper === undefined) return;
  const runInChildSpan = helper.runInChildSpan.bind(helper);
  helper.runInChildSpan = (options, callback) => {
    const parent = (typeof options === 'string' ? undefined : options.context) ?? context.active();
    return trace.getSpan(parent) === undefined ? callback() : runInChildSpan(options, callback);
  };
}

/** The statement's first keyword (`INSERT`, `WITH`, `BEGIN`): the span name has it, the attribute is set here. */
function nameOperation(span: Span, info: PgRequestHookInformation): void {
  const keyword = /^\s*([A-Za-z]+)/.exec(info.query.text)?.[1];
  if (keyword !== undefined) span.setAttribute('db.operation.name', keyword.toUpperCase());
}

/**
 * The services import `pg` before tracing starts (configuration is read first), so the require hook registered
 * above never sees it load. Its modules are patched here instead, through the instrumentation's module definitions;
 * returns what unpatches them. Patching is idempotent (a patched method is unwrapped first), so a module the hook
 * did see is not wrapped twice.
 */
function patchLoadedModules(instrumentation: PgInstrumentation): () => void {
  const pgPath = require.resolve('pg');
  const unpatches = instrumentation.getModuleDefinitions().map((definition) => {
    const main = require.resolve(definition.name, { paths: [pgPath] });
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object every importer shares
    const exports: unknown = require(main);
    const version = packageVersion(main, definition.name);
    definition.patch?.(exports, version);
    return () => definition.unpatch?.(exports, version);
  });
  return () => unpatches.forEach((unpatch) => unpatch());
}

/** The version in the package.json of the package `main` belongs to (pg-pool's exports map hides that file). */
function packageVersion(main: string, name: string): string {
  const marker = `${sep}node_modules${sep}${name}${sep}`;
  const root = main.slice(0, main.lastIndexOf(marker) + marker.length);
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}
