import { expandCompressedDigitalLink } from '@waymark/gs1';
import { resolveDigitalLink } from './resolve-digital-link';
import type { VisitDeps } from '../../links/app/links-ports';
import type { VisitRequest, VisitResponse } from '../../shared-kernel/visit';

/**
 * A one-segment path is a short code first; only when no link has that code is it tried as a compressed GS1
 * Digital Link (both are URI-safe base64), so short links never pay for decompression.
 */
export function orCompressedDigitalLink(
  deps: VisitDeps,
  request: VisitRequest,
  answer: VisitResponse | Promise<VisitResponse>,
): VisitResponse | Promise<VisitResponse> {
  const retry = (response: VisitResponse) =>
    response.status === 404 && expandCompressedDigitalLink(request.path) !== null
      ? resolveDigitalLink(deps, request, true)
      : response;
  return answer instanceof Promise ? answer.then(retry) : retry(answer);
}
