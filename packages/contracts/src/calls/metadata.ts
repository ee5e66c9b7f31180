import type { TCallContract } from '../call.ts';

export const metadataCalls: TCallContract[] = [];
