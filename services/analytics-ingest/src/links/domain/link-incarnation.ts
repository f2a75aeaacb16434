/** One life of a short code: a code deleted and created again is a new incarnation with its own analytics. */
export interface LinkIncarnation {
  tenantId: string;
  domain: string;
  code: string;
  createdAt: Date;
}

/** The map key under which an incarnation's link id is returned and cached. */
export const linkIncarnationKey = (l: LinkIncarnation): string =>
  `${l.tenantId}\u0000${l.domain}\u0000${l.code}\u0000${l.createdAt.getTime()}`;
