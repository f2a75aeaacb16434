import { MinioObjectStore } from './minio-object-store';

/** The S3 settings every service with an object store reads from its environment (`s3Env` of @waymark/config). */
export interface S3Settings {
  S3_ENDPOINT: string;
  S3_ACCESS_KEY: string;
  S3_SECRET_KEY: string;
  S3_REGION: string;
  S3_BUCKET: string;
}

/** The MinIO client for an S3 endpoint URL: TLS and the default port follow its scheme. */
export function minioObjectStoreFromSettings(settings: S3Settings): MinioObjectStore {
  const endpoint = new URL(settings.S3_ENDPOINT);
  const useSSL = endpoint.protocol === 'https:';
  return new MinioObjectStore({
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: settings.S3_ACCESS_KEY,
    secretKey: settings.S3_SECRET_KEY,
    region: settings.S3_REGION,
    bucket: settings.S3_BUCKET,
  });
}
