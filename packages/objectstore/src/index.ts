export * from './ports';
export { MinioObjectStore } from './minio-object-store';
export { minioObjectStoreFromSettings, type S3Settings } from './minio-from-settings';
export {
  objectStoreOptionsSchema,
  type ObjectStoreOptions,
  type ParsedObjectStoreOptions,
} from './object-store-options';
export { ObjectNotFoundError } from './object-store-errors';
