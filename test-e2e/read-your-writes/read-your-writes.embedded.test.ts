import { startEmbeddedWaymark, type EmbeddedWaymark } from '../support/embedded-waymark';
import { startWebhookReceiver, type WebhookReceiver } from '../system/support/webhook-receiver';
import { runChecksInOwnProcess } from './support/own-process';
import { boundsMissed, failuresOf } from './support/run-checks';

jest.setTimeout(900_000);

// The embedded mode: all six services in one process on the in-process bus, started as `npm start` starts it.
describe('read-your-writes in the embedded mode', () => {
  let receiver: WebhookReceiver;
  let system: EmbeddedWaymark | undefined;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    system = await startEmbeddedWaymark({ webhookHosts: new URL(receiver.base).host });
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
    await receiver?.stop();
  }, 60_000);

  it('answers every request that depends on an acknowledged write as if the write were applied everywhere', async () => {
    const running = system as EmbeddedWaymark;
    const report = await runChecksInOwnProcess(
      {
        apiUrl: running.apiUrl,
        operatorToken: running.operatorToken,
        visitorPort: running.visitorPort,
        webhookBase: receiver.base,
      },
      'embedded mode',
    );
    expect(failuresOf(report)).toEqual([]);
    expect(boundsMissed(report)).toEqual([]);
  });
});
