/**
 * Sumsub's webhooks (docs.sumsub.com/docs/user-verification-webhooks, webhook-manager): a JSON body signed with
 * the webhook's secret key, `X-Payload-Digest` the hex HMAC of the raw body with the algorithm in
 * `X-Payload-Digest-Alg` (HMAC_SHA256_HEX by default, HMAC_SHA512_HEX when chosen). A bad digest is refused
 * before anything is read. `applicantReviewed` decides: GREEN → verified; RED + FINAL → rejected for good;
 * RED + RETRY → rejected, new documents welcome. `applicantPending` puts the player on verification.
 * Sumsub resends a webhook until it gets a 200 and may send a later decision (a GREEN then a RED for a fraudster):
 * each body is applied once (kyc_webhook_events), and one older than the decision applied changes nothing.
 * An operator's override (ADR 073) holds: Sumsub's later answers go into the history as not applied, until a newer
 * applicantPending (the player submitted again) hands the case back to Sumsub.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../../platform/db/database.ts';
import { queryRows } from '../../../platform/db/database.ts';
import type { TClock } from '../../../platform/providers.ts';
import { updatePlayer } from '../../players/index.ts';
import { recordSumsubDecision } from '../decisions.ts';
import { SUMSUB } from './provider.ts';

const DIGEST_ALGORITHMS: Record<string, string> = { HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' };

/** The digest Sumsub sends with a body (the stand-in and the tests sign with it too). */
export const sumsubDigest = (secret: string, rawBody: string | Buffer, alg = 'HMAC_SHA256_HEX') =>
  createHmac(DIGEST_ALGORITHMS[alg] ?? 'sha256', secret)
    .update(rawBody)
    .digest('hex');

export const verifySumsubDigest = (secret: string, rawBody: Buffer, digest: unknown, alg: unknown) => {
  const algorithm = alg === undefined ? 'HMAC_SHA256_HEX' : alg;
  if (typeof algorithm !== 'string' || !DIGEST_ALGORITHMS[algorithm]) return false;
  if (typeof digest !== 'string' || !/^[0-9a-f]+$/i.test(digest)) return false;
  const expected = Buffer.from(sumsubDigest(secret, rawBody, algorithm), 'hex');
  const given = Buffer.from(digest, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

interface TSumsubEvent {
  type?: unknown;
  applicantId?: unknown;
  externalUserId?: unknown;
  createdAtMs?: unknown;
  reviewResult?: {
    reviewAnswer?: unknown;
    reviewRejectType?: unknown;
    moderationComment?: unknown;
    rejectLabels?: unknown;
  } | null;
}

/** createdAtMs as Sumsub writes it ("2020-02-21 13:23:19.321", UTC), or epoch milliseconds. */
const eventTime = (value: unknown): Date | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  if (typeof value !== 'string') return null;
  const date = new Date(
    /^\d+$/.test(value)
      ? Number(value)
      : `${value.replace(' ', 'T')}${/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? '' : 'Z'}`,
  );
  return Number.isNaN(date.getTime()) ? null : date;
};

type TDecision =
  | { status: 'verified' }
  | { status: 'rejected'; rejectType: 'final' | 'retry'; reason: string }
  | { status: 'on_verification' };

const decisionOf = (event: TSumsubEvent): TDecision | null => {
  if (event.type === 'applicantPending') return { status: 'on_verification' };
  if (event.type !== 'applicantReviewed') return null;
  const answer = event.reviewResult?.reviewAnswer;
  if (answer === 'GREEN') return { status: 'verified' };
  if (answer !== 'RED') return null;
  const comment = event.reviewResult?.moderationComment;
  return {
    status: 'rejected',
    // Anything but an explicit RETRY is taken as final: a player is never invited back by mistake.
    rejectType: event.reviewResult?.reviewRejectType === 'RETRY' ? 'retry' : 'final',
    reason: typeof comment === 'string' ? comment.trim().slice(0, 500) : '',
  };
};

/** `overridden`: an operator's override held; the answer is in the history, the status unchanged (ADR 073). */
export type TWebhookOutcome = 'applied' | 'replay' | 'stale' | 'unknown_applicant' | 'ignored' | 'overridden';

/** Sumsub's reject labels (e.g. BAD_PROOF_OF_IDENTITY), as many as a history row reasonably shows. */
const rejectLabelsOf = (event: TSumsubEvent) => {
  const labels = event.reviewResult?.rejectLabels;
  return Array.isArray(labels)
    ? labels
        .filter((l): l is string => typeof l === 'string')
        .slice(0, 20)
        .map((l) => l.slice(0, 100))
    : [];
};

/** The player an event is about: our applicant row for its applicantId, else the player its externalUserId names. */
const findPlayer = async (tx: TExecutor, applicantId: string, externalUserId: unknown) => {
  const [byApplicant] = await queryRows<{ player_id: unknown }>(
    tx,
    sql`select player_id from kyc_applicants where provider = ${SUMSUB} and applicant_id = ${applicantId}`,
  );
  if (byApplicant) return Number(byApplicant.player_id);
  if (typeof externalUserId !== 'string' || !/^\d{1,15}$/.test(externalUserId)) return null;
  const [byPlayer] = await queryRows<{ id: unknown }>(
    tx,
    sql`select id from players_summary_v where id = ${Number(externalUserId)}`,
  );
  return byPlayer ? Number(byPlayer.id) : null;
};

/** Applies one verified webhook body; answers what it did. */
export const applySumsubWebhook = async (
  db: TExecutor,
  clock: TClock,
  rawBody: Buffer,
  event: TSumsubEvent,
): Promise<TWebhookOutcome> => {
  const now = clock.now();
  const bodySha256 = createHash('sha256').update(rawBody).digest('hex');
  const type = typeof event.type === 'string' ? event.type.slice(0, 100) : '';
  const applicantId = typeof event.applicantId === 'string' ? event.applicantId.slice(0, 100) : null;
  const at = eventTime(event.createdAtMs) ?? now;
  return db.transaction(async (tx) => {
    const fresh = await queryRows<{ provider: string }>(
      tx,
      sql`insert into kyc_webhook_events (provider, body_sha256, type, applicant_id, outcome, event_at, received_at)
          values (${SUMSUB}, ${bodySha256}, ${type}, ${applicantId}, 'ignored', ${at}, ${now})
          on conflict (provider, body_sha256) do nothing returning provider`,
    );
    if (fresh.length === 0) return 'replay';
    const record = async (outcome: TWebhookOutcome, playerId: number | null = null) => {
      await tx.execute(
        sql`update kyc_webhook_events set outcome = ${outcome}, player_id = ${playerId}
            where provider = ${SUMSUB} and body_sha256 = ${bodySha256}`,
      );
      return outcome;
    };
    const decision = decisionOf(event);
    if (!decision || !applicantId) return record('ignored');
    const playerId = await findPlayer(tx, applicantId, event.externalUserId);
    if (playerId === null) return record('unknown_applicant');
    // The player's applicant row, made here when the WebSDK created the applicant, locked for the decision.
    await tx.execute(
      sql`insert into kyc_applicants (player_id, provider, applicant_id, status, created_at, updated_at)
          values (${playerId}, ${SUMSUB}, ${applicantId}, 'none', ${now}, ${now})
          on conflict (player_id) do nothing`,
    );
    const [row] = await queryRows<{
      provider_event_at: string | Date | null;
      overridden_at: string | Date | null;
    }>(
      tx,
      sql`select provider_event_at, overridden_at from kyc_applicants where player_id = ${playerId} for update`,
    );
    if (row?.provider_event_at && new Date(row.provider_event_at).getTime() > at.getTime())
      return record('stale', playerId);
    const history = (applied: boolean) =>
      recordSumsubDecision(tx, {
        playerId,
        decision: decision.status,
        reason: decision.status === 'rejected' ? decision.reason || null : null,
        reviewAnswer:
          decision.status === 'verified' ? 'GREEN' : decision.status === 'rejected' ? 'RED' : null,
        rejectType: decision.status === 'rejected' ? decision.rejectType : null,
        rejectLabels: decision.status === 'rejected' ? rejectLabelsOf(event) : [],
        applied,
        at,
      });
    // The operator's override wins until the player submits again after it (a newer applicantPending).
    const overriddenAt = row?.overridden_at ? new Date(row.overridden_at) : null;
    const reopens = decision.status === 'on_verification' && overriddenAt !== null && at > overriddenAt;
    if (overriddenAt && !reopens) {
      await history(false);
      return record('overridden', playerId);
    }
    const reviewed = decision.status !== 'on_verification';
    await tx.execute(
      sql`update kyc_applicants set provider = ${SUMSUB}, applicant_id = ${applicantId}, status = ${decision.status},
            reason = ${decision.status === 'rejected' ? decision.reason : null},
            reject_type = ${decision.status === 'rejected' ? decision.rejectType : null},
            submitted_at = ${reviewed ? sql`coalesce(submitted_at, ${now})` : now},
            reviewed_at = ${reviewed ? now : null}, reviewed_by = ${reviewed ? SUMSUB : null},
            provider_event_at = ${at}, overridden_at = null, overridden_by = null, updated_at = ${now}
          where player_id = ${playerId}`,
    );
    await history(true);
    await updatePlayer(tx, playerId, {
      isOnVerification: decision.status === 'on_verification',
      isVerified: decision.status === 'verified',
    });
    return record('applied', playerId);
  });
};
