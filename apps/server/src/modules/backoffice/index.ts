/** The backoffice module's front door: what other modules may use of it. */

export type { TActor } from './audit-log.ts';
export { auditedCreate, auditedUpdate, recordAudit } from './audit-log.ts';
export type { TApprovalKind } from './controls/approvals.ts';
export { countPendingApprovals, pendingApprovalsOf, requestApproval } from './controls/approvals.ts';
export type { TControlledPlan } from './controls/confirm.ts';
export { controlledAction } from './controls/confirm.ts';
export { createControlsArea } from './controls/controls-area.ts';
export { CONTROLS_FLASH } from './controls/controls-flash.ts';
export { checkAmountLimit } from './controls/limits.ts';
export type { TReasonedPlan } from './controls/reasoned-action.ts';
export { reasonedAction } from './controls/reasoned-action.ts';
export type { TApproval, TLimitedAction } from './controls/schema.ts';
export { toCsv } from './csv.ts';
export type { TFlashMessages } from './flash.ts';
export { attempt, flashCodeOf } from './flash.ts';
export {
  formAmount,
  formAmountOrZero,
  formChoice,
  formDate,
  formFields,
  formFile,
  formFlag,
  formKey,
  formList,
  formOdds,
  formOptional,
  formReason,
  formString,
  formWhole,
  isDay,
  parseForm,
} from './form-schema.ts';
export { createBackofficeModule } from './module.ts';
export {
  findOperatorByEmail,
  findOperatorById,
  MIN_OPERATOR_PASSWORD,
  setOperatorPassword,
  spendOperatorTotpStep,
} from './operators.ts';
export type { TPermission } from './permissions.ts';
export { can } from './permissions.ts';
export type { TAdminFeatures, TPlayerPagePanel, TPlayerPageSlot, TRouteArea } from './route-kit.ts';
export { fields, idParam, pageOf, queryOf } from './route-kit.ts';
export type { TOperator } from './schema.ts';
export { LOGIN_MAX_PER_EMAIL, LOGIN_MAX_PER_IP, LOGIN_WINDOW_SECONDS, TOTP_MAX_FAILURES } from './sign-in.ts';
export { errorPage } from './ui/auth-pages.ts';
export type { TLocales } from './ui/content-tabs.ts';
export { contentTabs, fieldError, localeBar, localeSelect } from './ui/content-tabs.ts';
export { badge, dateTime, money, plural, shortId, statusBadge, time } from './ui/format.ts';
export type { Html } from './ui/html.ts';
export { html, trusted } from './ui/html.ts';
export { csrfField, pager } from './ui/layout.ts';
export { amountValue, dateValue, promotionsTabs, readOnlyNote, segmentField } from './ui/promotions-tabs.ts';
export { barChart } from './ui/svg-chart.ts';
