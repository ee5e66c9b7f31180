import type { TCallContract } from '../call.ts';

export const accountCalls: TCallContract[] = [];
