import type { FastifyError, FastifyInstance } from 'fastify';
import { isConnectionFailure } from '../db/database';
import { HttpError } from '../lib/http-error';

export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';
export const UNAVAILABLE_MESSAGE = 'We are briefly unavailable. Please try again in a moment.';
export const INVALID_VALUE_MESSAGE = 'Invalid data. Please check all fields and try again.';
const RETRY_AFTER_SECONDS = '5';

/** PostgreSQL's data exceptions (SQLSTATE class 22): a value the database cannot take, such as 2026-02-30 or 2^31. */
const isDataException = (error: unknown) => /^22/.test(String((error as { code?: unknown }).code ?? ''));

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length is wrong.',
};

/**
 * One error shape for every failure: `{ success: false, message }`. Messages
 * of 4xx errors are for the client; 5xx details are logged and never sent.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // The database restarting or out of reach: the client may try again, nothing is lost.
    if (isConnectionFailure(error)) {
      app.apiLog.warn({ reqId: request.id, err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', RETRY_AFTER_SECONDS).send({ success: false, message: UNAVAILABLE_MESSAGE });
    }
    // A value that passed the route's checks but not the database's is still the client's mistake.
    if (isDataException(error)) {
      app.apiLog.warn({ reqId: request.id, err: error }, 'value refused by the database');
      return reply.status(400).send({ success: false, message: INVALID_VALUE_MESSAGE });
    }
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    // A 503 of our own (too many live streams) tells the client to come back later; any other 5xx is a fault.
    const busy = error instanceof HttpError && status === 503;
    if ((status >= 500 && !busy) || !Number.isInteger(status)) {
      app.apiLog.error({ reqId: request.id, err: error }, 'request failed');
      return reply.status(500).send({ success: false, message: SERVER_ERROR_MESSAGE });
    }
    if (error instanceof HttpError) {
      return reply.status(status).headers(error.headers).send({ success: false, message: error.message });
    }
    const known = (error.code && CLIENT_ERROR_MESSAGES[error.code]) || null;
    const message = known ?? (error.validation ? INVALID_VALUE_MESSAGE : error.message);
    return reply.status(status).send({ success: false, message: message || 'The request could not be processed.' });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ success: false, message: 'Not found' });
  });
}
