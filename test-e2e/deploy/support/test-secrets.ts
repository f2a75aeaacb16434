/**
 * Stand-ins for the secrets an operator provides (compose's `.env`, the Kubernetes Secret waymark-secrets), shaped as
 * the services require them, so the tests can parse each service's configuration as its main.ts does.
 */
export const TEST_SECRETS: Readonly<Record<string, string>> = {
  OPERATOR_TOKEN: 'operator-token-for-deploy-tests-0123456789',
  SECRET_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  SMTP_URL: 'smtp://mailer:mail-password@mail.example.com:587',
  POSTGRES_PASSWORD: 'postgres-password-for-tests',
  MINIO_ROOT_PASSWORD: 'minio-password-for-tests',
  DATABASE_URL: 'postgres://waymark:postgres-password-for-tests@postgres:5432/waymark',
  S3_ACCESS_KEY: 'waymark',
  S3_SECRET_KEY: 'minio-password-for-tests',
  VISITOR_HASH_SALT: 'visitor-hash-salt-for-tests',
  SECRET_ENCRYPTION_PREVIOUS_KEYS: Buffer.alloc(32, 6).toString('base64'),
};

/** Variables that carry a secret: they may only come from the operator's environment or a Secret, never a literal. */
export const SECRET_VARIABLES = [
  'OPERATOR_TOKEN',
  'SECRET_ENCRYPTION_KEY',
  'SMTP_URL',
  'DATABASE_URL',
  'S3_SECRET_KEY',
  'VISITOR_HASH_SALT',
  'SECRET_ENCRYPTION_PREVIOUS_KEYS',
];
