import type { ProgressBoard } from '../shared/progress-board';
import type { InProcessMember } from './in-process-member';

/**
 * Splits a topic's partitions among the members of one consumer group in this process (partition p goes to
 * member p mod n, in join order) and rebalances when a member joins or leaves. A revoked partition is handed
 * on only after its batch in hand was committed, so a stable group sees every message once.
 */
export class GroupCoordinator {
  private readonly members: InProcessMember<unknown>[] = [];
  private readonly boards = new Set<ProgressBoard>();
  private rebalancing: Promise<void> = Promise.resolve();

  constructor(
    private readonly partitions: number,
    /** How long a revoked partition's batch in hand may take before it is abandoned (Kafka's rebalance timeout). */
    private readonly revokeTimeoutMs: number,
  ) {}

  join(member: InProcessMember<unknown>): Promise<void> {
    this.members.push(member);
    return this.rebalance();
  }

  leave(member: InProcessMember<unknown>): Promise<void> {
    const index = this.members.indexOf(member);
    if (index >= 0) this.members.splice(index, 1);
    return this.rebalance();
  }

  get size(): number {
    return this.members.length;
  }

  watch(board: ProgressBoard): void {
    this.boards.add(board);
  }

  unwatch(board: ProgressBoard): void {
    this.boards.delete(board);
  }

  /** A member committed `next` for `partition`: the group's progress towards each subscriber's caughtUp. */
  committed(partition: number, next: number): void {
    for (const board of this.boards) board.progress(partition, next);
  }

  private rebalance(): Promise<void> {
    this.rebalancing = this.rebalancing.then(async () => {
      const members = [...this.members];
      const target = new Map(members.map((member) => [member, [] as number[]]));
      for (let partition = 0; partition < this.partitions; partition += 1) {
        target.get(members[partition % members.length] as InProcessMember<unknown>)?.push(partition);
      }
      await Promise.all(
        members.map((member) => {
          const keep = target.get(member) ?? [];
          const revoked = member.assigned().filter((partition) => !keep.includes(partition));
          return member.revoke(revoked, this.revokeTimeoutMs);
        }),
      );
      await Promise.all(
        members.map((member) => {
          const have = member.assigned();
          return member.assign((target.get(member) ?? []).filter((partition) => !have.includes(partition)));
        }),
      );
    });
    return this.rebalancing;
  }
}
