// One error handler: the detail goes to the log, the caller gets a plain sentence, never a stack or SQL.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './contract.ts';

export const SERVER_ERROR_MSG = 'System error - contact tech support.';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      if (err.extra.headers) reply.headers(err.extra.headers);
      return reply.code(err.statusCode).send({ status: false, errorMsg: err.message, ...(err.extra.errors ? { errors: err.extra.errors } : {}) });
    }
    const code = err.statusCode ?? 500;
    if (code >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(code).send({ status: false, errorMsg: SERVER_ERROR_MSG });
    }
    req.log.info({ code, msg: err.message }, 'request rejected');
    const errorMsg =
      code === 413
        ? 'The request is too large.'
        : code === 415
          ? 'Send the request as JSON.'
          : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError
            ? 'The request body is not valid JSON.'
            : code === 404
              ? 'Not found.'
              : 'The request is not valid.';
    return reply.code(code).send({ status: false, errorMsg });
  });
}

export const BAD_URL_MSG = 'The address is not valid.';

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode ('/media/%', overlong UTF-8 such as
 * '/%C0%AE%C0%AE/') fails before any route or hook, and Fastify's default answer would echo the URL and
 * carry none of our headers. `secure` sets them (security-headers.ts), since this answer may bypass onSend.
 */
export function frameworkErrorHandler(secure: (req: FastifyRequest, reply: FastifyReply) => void) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    const code = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
    req.log.info({ code, errCode: err.code }, 'request rejected by the router');
    secure(req, reply);
    void reply.code(code).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ status: false, errorMsg: BAD_URL_MSG });
  };
}
