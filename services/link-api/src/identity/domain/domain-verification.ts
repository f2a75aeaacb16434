import { randomBytes } from 'node:crypto';
import type { DomainVerification } from './admin-types';
import type { DomainRow } from './identity-rows';

const VALUE_PREFIX = 'waymark-verification=';

export function newVerificationToken(): string {
  return randomBytes(16).toString('hex');
}

/** A domain as first stored, with a fresh token; one the operator vouches for is verified at once. */
export function newDomain(name: string, tenantId: string, verified: boolean, now: Date): DomainRow {
  return {
    name,
    tenantId,
    verified,
    verificationToken: newVerificationToken(),
    verifiedAt: verified ? now : null,
    verifiedBy: verified ? 'operator' : null,
    createdAt: now,
  };
}

/** Host part of a domain name: DNS knows nothing of the `:port` the embedded mode's domains carry. */
export function hostOf(domain: string): string {
  return domain.replace(/:\d+$/, '');
}

/** The record a tenant publishes to prove control: TXT `_waymark.<domain>` = `waymark-verification=<token>`. */
export function verificationRecord(domain: string, token: string): DomainVerification {
  return { recordName: `_waymark.${hostOf(domain)}`, recordType: 'TXT', value: VALUE_PREFIX + token };
}

/** TXT answers come as chunks of at most 255 characters per string; a record is their concatenation. */
export function txtProvesControl(records: readonly (readonly string[])[], token: string): boolean {
  return records.some((chunks) => chunks.join('').trim() === VALUE_PREFIX + token);
}
