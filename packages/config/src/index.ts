export { ConfigError, type ConfigIssue } from './config-error';
export { parseConfig, type Env, type ParseConfigOptions } from './parse-config';
export {
  env,
  port,
  url,
  originList,
  brokerList,
  duration,
  boolean,
  logLevel,
  secret,
  LOG_LEVELS,
  type LogLevel,
} from './fields';
export { kafkaEnv, databaseEnv, redisEnv, objectStoreEnv } from './infra-env';
export { helpRequested } from './cli-help';
