import type { RequestHandler } from 'express';

const JSON_TYPES = ['application/json', 'application/*+json'];

/**
 * Every request body of the API is JSON. A body of another type (a CSV posted to a bulk endpoint) is answered
 * 415 with `Accept` naming JSON, instead of a confusing 400 about missing fields. Requests without a body
 * (`Content-Length: 0` or none, no chunked encoding) pass whatever their Content-Type says.
 */
export const jsonOnly: RequestHandler = (req, res, next) => {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody || req.is(JSON_TYPES)) {
    next();
    return;
  }
  res.set('Accept', 'application/json');
  res.status(415).json({
    error: `Request bodies must be JSON (Content-Type: application/json), not ${req.headers['content-type'] ?? 'unlabelled'}`,
    code: 'unsupported_media_type',
  });
};
