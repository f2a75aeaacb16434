import { resealSecrets, type ResealDeps, type ResealResult } from '../app/reseal-secrets';
import { PeriodicTask } from '../../shared-kernel/periodic-task';

export interface SecretResealerOptions extends ResealDeps {
  intervalMs: number;
  /** Whether SECRET_ENCRYPTION_PREVIOUS_KEYS is set: then a clean pass says the old keys can go. */
  rotating: boolean;
  /** The number of unreadable secrets after each pass (a gauge). */
  onPass?: (result: ResealResult) => void;
}

/**
 * Runs the re-sealing pass at start and then on a timer. One pass at start would miss secrets that instances still
 * running with the old key seal during a rolling rotation; the timer catches those. A failed pass (database away)
 * is logged and tried again at the next interval.
 */
export class SecretResealer {
  private readonly task: PeriodicTask<ResealResult>;
  private announcedClean = false;

  constructor(private readonly options: SecretResealerOptions) {
    this.task = new PeriodicTask({
      name: 're-sealing signing secrets',
      intervalMs: options.intervalMs,
      logger: options.logger,
      run: async () => {
        const result = await resealSecrets(this.options);
        this.report(result);
        return result;
      },
    });
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  private report(result: ResealResult): void {
    const { logger, secrets, rotating } = this.options;
    this.options.onPass?.(result);
    if (result.resealed > 0)
      logger.info({ ...result, keyId: secrets.currentKeyId }, 'signing secrets re-sealed with the current key');
    if (result.unreadable > 0) {
      logger.error(
        { ...result },
        'some signing secrets open with no configured key: add the key that sealed them to SECRET_ENCRYPTION_PREVIOUS_KEYS',
      );
    } else if (rotating && result.resealed === 0 && !this.announcedClean) {
      this.announcedClean = true;
      logger.info(
        { keyId: secrets.currentKeyId },
        'every signing secret is sealed with the current key; SECRET_ENCRYPTION_PREVIOUS_KEYS can be removed once every instance runs with this key',
      );
    }
  }
}
