/** Facts are partitioned, rolled up and expired by whole UTC days of this length. */
export const DAY_MS = 86_400_000;
