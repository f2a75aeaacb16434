import type { GeoLocation, UserAgentInfo } from '../domain/fact-row';

/** What enriching a click needs from outside: reading user agents and locating addresses (infra implements both). */
export interface UserAgentParser {
  parse(ua: string): UserAgentInfo;
}

export interface GeoLocator {
  locate(ip: string): GeoLocation;
}
