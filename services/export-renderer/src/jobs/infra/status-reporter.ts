import { randomUUID } from 'node:crypto';
import { exportsStatusTopic, type ExportRequested, type ExportStatusEvent } from '@waymark/contracts';
import type { EventBus } from '@waymark/events';
import type { Logger } from '@waymark/logging';
import type { JobStatusOutcome, JobStatusReporter } from '../app/jobs-ports';

/** The JobStatusReporter on the bus: each report is an ExportStatusEvent from this renderer. */
export class StatusReporter implements JobStatusReporter {
  private progress = { done: 0, total: 0 };
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: { bus: EventBus; logger: Logger; rendererId: string; clock: () => Date },
    private readonly job: Pick<ExportRequested, 'jobId' | 'tenantId'>,
  ) {}

  async start(total: number, heartbeatMs: number): Promise<void> {
    this.progress = { done: 0, total };
    await this.send({ status: 'rendering', ...this.progress });
    this.timer = setInterval(() => {
      this.sending = this.send({ status: 'rendering', ...this.progress }).catch((err: unknown) =>
        this.deps.logger.warn({ err, jobId: this.job.jobId }, 'export heartbeat not sent'),
      );
    }, heartbeatMs);
    this.timer.unref();
  }

  update(done: number, total: number): void {
    this.progress = { done, total };
  }

  async finish(outcome: JobStatusOutcome): Promise<void> {
    clearInterval(this.timer);
    await this.sending;
    await this.send(outcome);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async send(outcome: JobStatusOutcome): Promise<void> {
    const event: ExportStatusEvent = {
      version: 1,
      eventId: randomUUID(),
      jobId: this.job.jobId,
      tenantId: this.job.tenantId,
      ...outcome,
      at: this.deps.clock().toISOString(),
      rendererId: this.deps.rendererId,
    };
    await this.deps.bus.publish(exportsStatusTopic, [{ key: event.jobId, value: event }]);
  }
}
