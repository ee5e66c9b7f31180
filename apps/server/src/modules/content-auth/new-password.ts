/** The rules of a new editor password: the back-office's minimum length, confirmed, at most 200 characters. */
import { MIN_OPERATOR_PASSWORD } from '../backoffice/index.ts';
import { fieldError, validationError } from './strapi-errors.ts';

export const checkNewPassword = (password: string, confirmation: string) => {
  if (password.length < MIN_OPERATOR_PASSWORD)
    throw fieldError('password', `password must be at least ${MIN_OPERATOR_PASSWORD} characters`);
  if (password !== confirmation) throw validationError('Passwords do not match');
};
