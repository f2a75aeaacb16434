import { BroadcastChannel } from 'node:worker_threads';
import { AppendNotifier } from './append-notifier';

/**
 * An AppendNotifier shared by every bus of one process that names the same channel, whichever worker thread it runs
 * in: an append on one bus wakes the subscribers of all, so buses of several threads on one store still never poll.
 * The channel carries topic names only; subscribers read what was appended from the store, as they do anyway.
 */
export class CrossThreadAppendNotifier extends AppendNotifier {
  private readonly channel: BroadcastChannel;

  constructor(channelName: string) {
    super();
    this.channel = new BroadcastChannel(channelName);
    // A thread whose bus is idle must not be kept alive by its channel: its own work decides when it ends.
    this.channel.unref();
    this.channel.onmessage = (event) => {
      const topic = (event as MessageEvent).data;
      if (typeof topic === 'string') super.appended(topic);
    };
  }

  override appended(topic: string): void {
    super.appended(topic);
    this.channel.postMessage(topic);
  }

  override close(): void {
    this.channel.close();
  }
}
