/**
 * Identity verification (spec §7 "create applicant", "get access token"; the /profile/verification page) with
 * Sumsub (sumsub/, its webhook at POST /webhooks/sumsub) or, in the demo, our own provider, gated by the site
 * config's isVerificationEnable (AccessDeniedException feature_disabled when off). Documents are served to their
 * owner at /verification/documents/{id}; operators get them through the back-office (kycReview.document) behind
 * the operator session.
 */
import {
  ZCreateApplicant,
  ZGetAccessToken,
  ZGetVerification,
  ZSubmitVerification,
  ZUploadDocument,
} from '@casino/contracts/calls/verification';
import type { FastifyRequest } from 'fastify';
import { hasDemoFeatures, type TConfig } from '../../platform/config.ts';
import type { TAppContext, TModule } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { isSumsubOn } from '../../platform/sumsub-config.ts';
import { assertFeatureEnabled } from '../responsible-gaming/index.ts';
import {
  createApplicant,
  getAccessToken,
  readDocument,
  submitVerification,
  type TKycDeps,
  uploadDocument,
  verificationState,
} from './applicants.ts';
import { documentStoreFor } from './document-store.ts';
import { inhouseProvider, type TVerificationProvider } from './provider.ts';
import { createKycReview } from './review.ts';
import { sumsubProvider } from './sumsub/provider.ts';
import { registerSumsubWebhook } from './sumsub/routes.ts';

/**
 * The provider of this start: Sumsub when it is configured; else our own, which is part of the demo (and of
 * development and tests) only. A production start without DEMO_MODE and without Sumsub has none: the
 * verification calls then answer AccessDeniedException feature_disabled.
 */
export const providerFor = (ctx: Pick<TAppContext, 'config' | 'providers'>): TVerificationProvider | null => {
  const config: TConfig = ctx.config;
  if (isSumsubOn(config))
    return sumsubProvider(
      {
        appToken: config.SUMSUB_APP_TOKEN ?? '',
        secretKey: config.SUMSUB_SECRET_KEY ?? '',
        levelName: config.SUMSUB_LEVEL_NAME ?? '',
        baseUrl: config.SUMSUB_BASE_URL,
      },
      ctx.providers.clock,
    );
  if (hasDemoFeatures(config))
    return inhouseProvider(config.SESSION_SECRET, ctx.providers.clock, ctx.providers.random);
  return null;
};

/** Stands in for the provider a production start lacks: every call refuses, as when the feature is off. */
const noProvider: TVerificationProvider = {
  name: 'none',
  createApplicant: async () => {
    throw new AppError('AccessDeniedException', {
      reason: 'feature_disabled',
      feature: 'verification_provider',
    });
  },
  createAccessToken: async () => {
    throw new AppError('AccessDeniedException', {
      reason: 'feature_disabled',
      feature: 'verification_provider',
    });
  },
};

const depsByContext = new WeakMap<TAppContext, TKycDeps>();

export const kycDeps = (ctx: TAppContext): TKycDeps => {
  let deps = depsByContext.get(ctx);
  if (!deps) {
    deps = {
      db: ctx.db,
      providers: ctx.providers,
      provider: providerFor(ctx) ?? noProvider,
      store: documentStoreFor(ctx.files),
    };
    depsByContext.set(ctx, deps);
  }
  return deps;
};

/** The operators' review service (queue, case, approve, reject, document) for the back-office. */
export const kycReview = createKycReview(kycDeps);

export const verificationModule: TModule = {
  name: 'verification',
  register(app, ctx) {
    const deps = kycDeps(ctx);
    registerSumsubWebhook(app, ctx);
    const gated = async (request: FastifyRequest) => {
      await assertFeatureEnabled(ctx.db, 'isVerificationEnable');
      if (deps.provider === noProvider)
        throw new AppError('AccessDeniedException', {
          reason: 'feature_disabled',
          feature: 'verification_provider',
        });
      if (!request.player) throw new AppError('AuthorizationException');
      return request.player;
    };

    ctx.api.handle(ZGetVerification, async (_params, request) =>
      verificationState(ctx.db, deps.provider.name, (await gated(request)).id),
    );
    ctx.api.handle(ZCreateApplicant, async (_params, request) =>
      createApplicant(deps, (await gated(request)).id),
    );
    ctx.api.handle(
      ZGetAccessToken,
      async (params, request) => getAccessToken(deps, (await gated(request)).id, params.externalActionId),
      { rateLimit: { max: 30, windowSeconds: 600 } },
    );
    ctx.api.handle(
      ZUploadDocument,
      async (params, request) => uploadDocument(deps, (await gated(request)).id, params),
      { rateLimit: { max: 40, windowSeconds: 3600 } },
    );
    ctx.api.handle(ZSubmitVerification, async (params, request) =>
      submitVerification(deps, (await gated(request)).id, params.token),
    );

    // The owner's own documents only; anyone else (another player, a visitor) gets the same 404.
    app.get('/verification/documents/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      const found = request.player ? await readDocument(deps, id, request.player.id) : null;
      if (!found) return reply.status(404).type('text/plain').send('Not found');
      return reply
        .header('content-type', found.mimetype)
        .header('content-disposition', `inline; filename="${found.filename.replace(/"/g, '')}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(Buffer.from(found.data));
    });
  },
};
