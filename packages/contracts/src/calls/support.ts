import type { TCallContract } from '../call.ts';

export const supportCalls: TCallContract[] = [];
