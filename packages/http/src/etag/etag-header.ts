/** The part of a tsoa controller that sets response headers. */
interface HeaderSetter {
  setHeader(name: string, value?: string | string[]): void;
}

/**
 * A representation as every versioned route answers it: the `ETag` header and the same tag in its `etag` field, so
 * a client holding only the body (a list item, a create response saved earlier) has what If-Match wants.
 */
export function tagged<T extends object>(controller: HeaderSetter, resource: T, etag: string): T & { etag: string } {
  controller.setHeader('ETag', etag);
  return withEtagField(resource, etag);
}

/** A list item: the tag as a field only (a list has no single version to put in a header). */
export function withEtagField<T extends object>(resource: T, etag: string): T & { etag: string } {
  return { ...resource, etag };
}
