/** A signed-in player's key-value storage (spec §7 Other: storage.get, getKeys, set). */
import { z } from 'zod';
import { defineCall, type TCallContract, zList, zText } from '../call.ts';

export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

const zKey = () =>
  zText()
    .refine((v) => v !== '', 'requiredField')
    .refine((v) => STORAGE_KEY_PATTERN.test(v), 'wrongField');

export const ZStorageGet = defineCall({
  name: 'storage.get',
  method: 'GET',
  access: 'any',
  summary: "Reads one key of the player's storage; null when unset or for a visitor.",
  params: z.object({ key: zKey() }),
  data: z.string().nullable(),
});

export const ZStorageGetKeys = defineCall({
  name: 'storage.getKeys',
  method: 'GET',
  access: 'any',
  summary:
    "Reads several keys (keys=a,b) of the player's storage as { key: value | null }; without keys, every stored key. A visitor gets {}.",
  params: z.object({
    keys: zList().refine(
      (keys) => keys.length <= 100 && keys.every((k) => STORAGE_KEY_PATTERN.test(k)),
      'wrongField',
    ),
  }),
  data: z.record(z.string(), z.string().nullable()),
});

export const ZStorageSet = defineCall({
  name: 'storage.set',
  method: 'POST',
  access: 'user',
  summary:
    "Stores a value under a key for the player; an empty value removes the key. The player's total size is bounded (StorageQuotaExceededException).",
  params: z.object({ key: zKey(), value: zText() }),
  data: z.literal(1),
});

export const storageCalls: TCallContract[] = [ZStorageGet, ZStorageGetKeys, ZStorageSet];
