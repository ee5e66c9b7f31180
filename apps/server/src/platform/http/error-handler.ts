/** The central error handler: every failure becomes the §8 envelope; internals (stack, SQL) never leave. */
import { isFieldCode } from '@casino/contracts/validation';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from './app-error.ts';
import { failure } from './envelope.ts';
import { malformedBody } from './form-body.ts';

/** Maps zod issues onto `{ field: code }`: a §5 code from the rule when there is one, else required/wrong. */
/** `input` is the raw params, so a field that was never sent reads as required and a bad one as wrong. */
export const fieldCodesFromZod = (
  error: ZodError,
  input?: Record<string, unknown>,
): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (fields[field]) continue;
    const sent =
      input === undefined ? (issue as { input?: unknown }).input : input[String(issue.path[0] ?? '')];
    const missing = issue.code === 'invalid_type' && (sent === undefined || sent === '');
    fields[field] = isFieldCode(issue.message) ? issue.message : missing ? 'requiredField' : 'wrongField';
  }
  return fields;
};

export const toAppError = (error: unknown): AppError => {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError)
    return new AppError('InvalidParameterException', { invalid_parameters: fieldCodesFromZod(error) });
  const fastifyError = error as FastifyError;
  if (fastifyError?.statusCode === 429) return new AppError('TooManyRequestsException');
  if (
    fastifyError?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
    fastifyError?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  )
    return new AppError('InvalidRequestException', { message: 'Unsupported body' });
  if (fastifyError?.code?.startsWith?.('FST_REQ_FILE_TOO_LARGE') || fastifyError?.code === 'FST_FILES_LIMIT')
    return new AppError('InvalidParameterException', { invalid_parameters: { file: 'maxLength' } });
  if (fastifyError?.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500)
    return new AppError('InvalidRequestException', { message: 'Malformed request' });
  return new AppError('InternalServerErrorException');
};

export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    // A body that broke while it was read (a multipart stream) is the client's fault, whatever the error.
    const known = error instanceof AppError || ((error as FastifyError).statusCode ?? 500) < 500;
    const appError = request.readingBody && !known ? malformedBody() : toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ type: appError.type }, 'request refused');
    const retryAfter = appError.errorData.retry_after;
    if (appError.type === 'TooManyRequestsException' && typeof retryAfter === 'number')
      reply.header('retry-after', String(retryAfter));
    return reply
      .status(appError.status)
      .send(failure({ type: appError.type, error_data: appError.errorData }));
  });
};
