import type { TCallContract } from '../call.ts';

export const eventsCalls: TCallContract[] = [];
