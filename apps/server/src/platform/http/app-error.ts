/** The one error class of the server: it carries a spec §8 type; the central handler turns it into the envelope. */
import { ERROR_STATUS, type TErrorType } from '@casino/contracts';

export class AppError extends Error {
  readonly type: TErrorType;
  readonly errorData: Record<string, unknown>;
  readonly status: number;

  constructor(type: TErrorType, errorData: Record<string, unknown> = {}, message?: string) {
    super(message ?? type);
    this.type = type;
    this.errorData = errorData;
    this.status = ERROR_STATUS[type];
  }
}

/** `InvalidParameterException` with one or more field codes (spec §5). */
export const invalidParameters = (fields: Record<string, string>) =>
  new AppError('InvalidParameterException', { invalid_parameters: fields });

export const notAuthorized = (errorData: Record<string, unknown> = {}) =>
  new AppError('AuthorizationException', errorData);
