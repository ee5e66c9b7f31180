/** The auth module's front door: what other modules may use of it. */
export { authModule } from './module.ts';
export {
  invalidPasswordParameters,
  newPasswordRule,
  passwordMinLength,
  validatorLimits,
} from './password-policy.ts';
export { onPlayerRegistered, runRegistrationHooks } from './registration-hooks.ts';
export { assertTermsAccepted, registrationRules, type TRegistrationRules } from './registration-rules.ts';
export { assertCanSignIn } from './sign-in.ts';
export { lockIdentities, uniqueViolation } from './unique-identity.ts';
