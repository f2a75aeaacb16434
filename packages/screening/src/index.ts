export { createDestinationScreener, DEFAULT_DESTINATION_MAX_LENGTH } from './destination-screener';
export type { DestinationScreener, DestinationScreeningOptions } from './destination-screener';
export type { ExternalScreener } from './external-screener';
export { HostList, normaliseHost } from './host-list';
export { screeningConfigShape } from './screening-config';
