export * from './ports';
export { MinioObjectStore } from './minio-object-store';
export { objectStoreOptionsSchema, type ObjectStoreOptions, type ParsedObjectStoreOptions } from './object-store-options';
export { ObjectNotFoundError } from './object-store-errors';
