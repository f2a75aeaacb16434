import { kafkaOutage } from './scenarios/kafka-outage';
import { redisOutage } from './scenarios/redis-outage';
import { apiFuzz } from './scenarios/api-fuzz';
import { consoleServed } from './scenarios/console-served';
import { gs1Journey } from './scenarios/gs1-journey';
import { hostileRequests } from './scenarios/hostile-requests';
import { linkApiRestart } from './scenarios/link-api-restart';
import { notifierRestart } from './scenarios/notifier-restart';
import { postgresRestart } from './scenarios/postgres-restart';
import { rendererRestart } from './scenarios/renderer-restart';
import { linksJourney } from './scenarios/links-journey';
import { startSystem, type System } from './support/system';

// One system for the whole file: starting six services, nginx and the infrastructure is slow, so the scenarios
// share it (each with its own tenant) and the fault tests run last, in order of increasing disruption.
let running: System | undefined;
const system = (): System => {
  if (!running) throw new Error('the system did not start');
  return running;
};

beforeAll(async () => {
  running = await startSystem();
}, 180_000);

afterAll(async () => {
  await running?.stop();
}, 60_000);

linksJourney(system);
gs1Journey(system);
consoleServed(system);
apiFuzz(system);
hostileRequests(system);
linkApiRestart(system);
rendererRestart(system);
notifierRestart(system);
redisOutage(system);
kafkaOutage(system);
postgresRestart(system);
