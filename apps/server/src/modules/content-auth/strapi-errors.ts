/**
 * Errors as a headless CMS (Strapi's users-permissions API) answers them:
 * `{ data: null, error: { status, name, message, details } }`. Every failure of the content client's routes,
 * a broken body included, leaves in this shape; only an unexpected fault is a 500.
 */
import type { FastifyError } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';

export type TStrapiErrorName =
  | 'ValidationError'
  | 'ApplicationError'
  | 'UnauthorizedError'
  | 'ForbiddenError'
  | 'RateLimitError'
  | 'InternalServerError';

export class StrapiError extends Error {
  readonly status: number;
  readonly errorName: TStrapiErrorName;
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    errorName: TStrapiErrorName,
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = status;
    this.errorName = errorName;
    this.details = details;
  }
}

export interface TFieldError {
  path: string[];
  message: string;
  name: 'ValidationError';
}

export const fieldErrors = (errors: TFieldError[]) =>
  new StrapiError(
    400,
    'ValidationError',
    errors.length === 1 ? (errors[0]?.message ?? 'Invalid body') : `${errors.length} errors occurred`,
    { errors },
  );

/** A ValidationError about one field (the message names it). */
export const fieldError = (field: string, message: string) =>
  fieldErrors([{ path: [field], message, name: 'ValidationError' }]);

export const validationError = (message: string) => new StrapiError(400, 'ValidationError', message);
export const applicationError = (message: string) => new StrapiError(400, 'ApplicationError', message);
export const forbiddenError = (message: string) => new StrapiError(403, 'ForbiddenError', message);
export const unauthorizedError = () =>
  new StrapiError(401, 'UnauthorizedError', 'Missing or invalid credentials');
export const rateLimitError = (retryAfter: number) =>
  new StrapiError(429, 'RateLimitError', 'Too many requests, please try again later.', {
    retryAfter,
  });

export const toStrapiError = (error: unknown): StrapiError => {
  if (error instanceof StrapiError) return error;
  // The platform's NUL guard (and any other refusal of the input) before the handler ran.
  if (error instanceof AppError && error.status < 500)
    return error.type === 'TooManyRequestsException'
      ? rateLimitError(Number(error.errorData.retry_after ?? 60))
      : validationError('Invalid body');
  const status = (error as FastifyError | undefined)?.statusCode ?? 500;
  if (status === 429) return rateLimitError(60);
  if (status >= 400 && status < 500) return validationError('Invalid body');
  return new StrapiError(500, 'InternalServerError', 'Internal Server Error');
};

export const strapiErrorBody = (error: StrapiError) => ({
  data: null,
  error: { status: error.status, name: error.errorName, message: error.message, details: error.details },
});
