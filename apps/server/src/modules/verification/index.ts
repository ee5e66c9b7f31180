/** The verification module's front door: what other modules may use of it. */
export { kycArea } from './admin/kyc-area.ts';
export { KYC_FLASH } from './admin/kyc-flash.ts';
export { verificationModule } from './module.ts';
