import { type MergedOpenApi } from '@waymark/http';
import type { Logger } from '@waymark/logging';
/** Services that serve the public API behind the gateway; each generates its tsoa document at build time. */
export declare const API_SERVICES: readonly ["link-api", "analytics-ingest", "notifier", "gs1-catalog"];
export declare const PUBLIC_API_VERSION = "1.0";
/** Where a service's generated OpenAPI document lives: `services/<name>/src/generated/openapi.json`. */
export declare function openApiPathOf(service: string): string;
/**
 * The one public description (GET /v1/openapi.json): every API service's tsoa document merged, interface version
 * 1.0. It is read once at start-up from the build output; a service whose document is missing (not built in this
 * checkout) is left out with a warning, so the document lists exactly the routes that exist.
 */
export declare function loadPublicOpenApi(logger?: Pick<Logger, 'warn'>): MergedOpenApi;
//# sourceMappingURL=public-openapi.d.ts.map