import { EventEmitter } from 'node:events';
import type { Consumer, ConsumerCrashEvent } from 'kafkajs';
import { watchConsumerCrash } from './consumer-crash';

/** The two members of a kafkajs Consumer the watcher uses, over a plain emitter the test fires crashes through. */
function fakeConsumer() {
  const emitter = new EventEmitter();
  const consumer = {
    events: { CRASH: 'consumer.crash' },
    on: (event: string, listener: (e: ConsumerCrashEvent) => void) => {
      emitter.on(event, listener);
      return () => emitter.off(event, listener);
    },
  } as unknown as Pick<Consumer, 'on' | 'events'>;
  const crash = (error: Error, restart: boolean) =>
    emitter.emit('consumer.crash', { id: 1, type: 'consumer.crash', timestamp: Date.now(), payload: { error, groupId: 'g', restart } });
  return { consumer, crash };
}

const logger = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };
const where = { topic: 'clicks.v1', groupId: 'g' };

test('a crash kafkajs restarts from is logged, not given up on', () => {
  const { consumer, crash } = fakeConsumer();
  const onGiveUp = jest.fn();
  watchConsumerCrash(consumer, where, logger, onGiveUp);
  crash(new Error('The group is rebalancing'), true);
  expect(onGiveUp).not.toHaveBeenCalled();
  expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ topic: 'clicks.v1' }), expect.stringContaining('restarts it'));
});

test('a crash kafkajs does not restart from is given up on, with its error', () => {
  const { consumer, crash } = fakeConsumer();
  const onGiveUp = jest.fn();
  watchConsumerCrash(consumer, where, logger, onGiveUp);
  const fatal = new Error('Not authorized to access group');
  crash(fatal, false);
  expect(onGiveUp).toHaveBeenCalledWith(fatal);
});

test('once removed, the watcher hears no more crashes', () => {
  const { consumer, crash } = fakeConsumer();
  const onGiveUp = jest.fn();
  const remove = watchConsumerCrash(consumer, where, logger, onGiveUp);
  remove();
  crash(new Error('late'), false);
  expect(onGiveUp).not.toHaveBeenCalled();
});
