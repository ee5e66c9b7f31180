/**
 * Tests' Hub88: the stand-in on a port of its own with its key pair, and a test app configured for it (our key
 * pair, the stand-in's public key) listening on another, so both sides speak over HTTP as in production.
 */
import { generateKeyPairSync } from 'node:crypto';
import Fastify from 'fastify';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { createHub88StandIn, type THub88StandIn } from './stand-in/stand-in.ts';

const keyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

export const OPERATOR_ID = 4242;

export interface THub88Test {
  t: TTestApp;
  standIn: THub88StandIn;
  /** Our Wallet API's address (the test app listens on a port of its own). */
  walletUrl: string;
  close(): Promise<void>;
}

export const startHub88Test = async (): Promise<THub88Test> => {
  const operator = keyPair();
  const hub88 = keyPair();
  let walletUrl = '';
  let standInUrl = '';
  const standIn = createHub88StandIn({
    privateKeyPem: hub88.privatePem,
    operatorPublicKeyPem: operator.publicPem,
    operatorId: OPERATOR_ID,
    walletUrl: () => walletUrl,
    publicBase: () => standInUrl,
  });
  const server = Fastify();
  await server.register(async (scope) => standIn.register(scope));
  standInUrl = await server.listen({ port: 0, host: '127.0.0.1' });
  const t = await createTestApp({
    env: {
      HUB88_API_URL: standInUrl,
      HUB88_OPERATOR_ID: String(OPERATOR_ID),
      HUB88_OPERATOR_PRIVATE_KEY: operator.privatePem,
      HUB88_PUBLIC_KEY: hub88.publicPem,
    },
  });
  const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  walletUrl = `${appUrl}/hub88/wallet`;
  return {
    t,
    standIn,
    walletUrl,
    async close() {
      await server.close();
      await t.close();
    },
  };
};
