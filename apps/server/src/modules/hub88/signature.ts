/**
 * Hub88's request signing: the raw body signed with RSA-SHA256 (PKCS#1 v1.5) by the sender's private key, base64,
 * in `X-Hub88-Signature`; the receiver verifies it with the sender's public key. We sign our Games API calls with
 * HUB88_OPERATOR_PRIVATE_KEY; Hub88's Wallet API calls to us are verified with HUB88_PUBLIC_KEY.
 */
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

export const HUB88_SIGNATURE_HEADER = 'x-hub88-signature';

const privateKeys = new Map<string, KeyObject>();
const publicKeys = new Map<string, KeyObject>();
const cached = (cache: Map<string, KeyObject>, pem: string, make: (pem: string) => KeyObject) => {
  let key = cache.get(pem);
  if (!key) {
    key = make(pem);
    cache.set(pem, key);
  }
  return key;
};

export const signHub88 = (privateKeyPem: string, body: string) =>
  sign('sha256', Buffer.from(body), cached(privateKeys, privateKeyPem, createPrivateKey)).toString('base64');

/** True when `signature` (the header's value) is the sender's signature of exactly these bytes. */
export const verifyHub88 = (publicKeyPem: string, body: string, signature: unknown) => {
  if (typeof signature !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify(
      'sha256',
      Buffer.from(body),
      cached(publicKeys, publicKeyPem, createPublicKey),
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
};

/** The public half of a private key, as PEM (the stand-in verifies our calls with it). */
export const publicKeyOf = (privateKeyPem: string) =>
  createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString();
