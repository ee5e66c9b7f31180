/** Helpers for the auth tests: posting from a chosen client address (codes come from test/rfc6238-totp.ts). */
import type { apiClient } from '../../test/test-app.ts';

type TClient = ReturnType<typeof apiClient>;

let nextAddress = 1;
/** A fresh client address, so rate limits counted per address do not spill from one test to the next. */
export const freshIp = () => {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** POSTs a form as `client` would, from the given address; answers the envelope. */
export const postFrom = async (
  client: TClient,
  ip: string,
  call: string,
  form: Record<string, string | number> = {},
) => {
  const response = await client.send({
    method: 'POST',
    url: `/api/${call}?v=1&locale=en`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(
      Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])),
    ).toString(),
    remoteAddress: ip,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read the envelope of many different calls
  return { ...response.json(), status: response.statusCode } as { status: number; data: any; error: any };
};
