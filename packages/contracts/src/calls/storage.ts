import type { TCallContract } from '../call.ts';

export const storageCalls: TCallContract[] = [];
