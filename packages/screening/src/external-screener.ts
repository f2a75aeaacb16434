/**
 * A reputation service consulted after the local rules pass (for example Google Web Risk or a phishing feed).
 * Off by default: no screener is configured unless the operator wires one. `check` resolves with a reason when the
 * URL is known to be harmful, null when it is not; a rejection means the service could not answer.
 */
export interface ExternalScreener {
  readonly name: string;
  check(url: string): Promise<string | null>;
}
