/*
 * Named scalar types for the wire interfaces tsoa documents. tsoa reads the JSDoc of a type alias into the schema,
 * so a field typed `DateTime` is `format: date-time` and a `Count` is an integer in the OpenAPI document, while
 * the TypeScript value stays the plain string or number the use cases return. Requests are still validated by the
 * zod schemas of @waymark/contracts.
 */

/**
 * An instant, ISO 8601 with `Z` or an offset.
 * @format date-time
 * @maxLength 64
 * @example "2026-03-14T09:26:53.589Z"
 */
export type DateTime = string;

/**
 * A whole number of things, never negative.
 * @isInt
 * @minimum 0
 */
export type Count = number;

/**
 * An absolute URL, at most 8 KB (contracts' HttpUrl and DestinationUrl).
 * @format uri
 * @maxLength 8192
 * @example "https://example.org/spring-sale"
 */
export type Url = string;
