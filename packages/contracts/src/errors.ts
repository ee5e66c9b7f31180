/** The server error types of spec §8 and the HTTP status each one answers with. */
export const ERROR_STATUS = {
  UnknownErrorException: 500,
  ApplicationDisabledException: 503,
  MethodNotFoundException: 404,
  AuthorizationException: 401,
  InvalidRequestException: 400,
  InternalServerErrorException: 500,
  AccessDeniedException: 403,
  UserDeletedException: 403,
  UserBannedException: 403,
  UserNeedDepositException: 400,
  UserNeedProfileDataException: 400,
  UserNeedConfirmContactException: 400,
  ApplicationUnavailableException: 503,
  InvalidParameterException: 400,
  TooManyRequestsException: 429,
  BillingServiceErrorException: 400,
  BillingTransactionDeclinedException: 400,
  BillingUnavailableException: 503,
  BillingDepositLimitExceededException: 400,
  WithdrawalDeclinedException: 400,
  WithdrawalLimitsExceededException: 400,
  WithdrawalLimitsPeriodExceededException: 400,
  KycUserProfileException: 400,
  KycWithdrawalException: 400,
  StorageQuotaExceededException: 400,
  SumsubVerificationRequiredException: 400,
  RequisitesOnVerificationException: 400,
  RequisitesValidationRequiredException: 400,
  RequisitesFraudulentException: 400,
} as const;

export type TErrorType = keyof typeof ERROR_STATUS;
export const ERROR_TYPES = Object.keys(ERROR_STATUS) as TErrorType[];

export interface TApiError {
  type: TErrorType;
  error_data: Record<string, unknown> & { invalid_parameters?: Record<string, string>; message?: string };
}

export interface TEnvelope<D> {
  data: D | null;
  error: TApiError | null;
}
