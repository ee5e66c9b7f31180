import type { TCallContract } from '../call.ts';

export const authCalls: TCallContract[] = [];
