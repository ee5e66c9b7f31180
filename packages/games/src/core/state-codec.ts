/** Round state and outcomes hold bigint cents: this JSON form keeps them exact for storage and the wire. */
export const encodeGameJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? { $bigint: v.toString() } : v));

export const decodeGameJson = <T = unknown>(text: string): T =>
  JSON.parse(text, (_key, v) =>
    v !== null && typeof v === 'object' && typeof v.$bigint === 'string' && Object.keys(v).length === 1
      ? BigInt(v.$bigint)
      : v,
  ) as T;
