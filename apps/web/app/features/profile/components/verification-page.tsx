/**
 * /profile/verification: upload an identity document (front and back), a selfie and a proof of address by drag
 * and drop or the file picker, with previews; type and size are checked before upload, progress shows while
 * uploading; then submit for review. Status: none, on verification, verified, rejected with the reason. When
 * Sumsub verifies (the server's provider), its WebSDK takes the documents instead (sumsub-verification.tsx).
 */
import type {
  TKycDocument,
  TKycDocumentKind,
  TVerificationState,
} from '@casino/contracts/calls/verification';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { refusalMessage } from '../../../lib/api/refusal';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { toast } from '../../../ui/toasts';
import { accountQueryKey } from '../../account/use-account';
import { useSite } from '../../frame/use-site';
import { PROFILE_CALLS, profileKeys, verificationQuery } from '../api/profile-api';
import { acceptedTypes, checkFile, MAX_MB, uploadDocument } from '../lib/upload';
import { Button, Card, Notice } from './controls';
import { SumsubVerification } from './sumsub-verification';
import { VerificationStatusBadge } from './verification-status';

const SLOTS: { kind: TKycDocumentKind; key: string; title: string; help: string }[] = [
  {
    kind: 'id_front',
    key: 'profile.verification.idFront',
    title: 'Identity document: front',
    help: 'Passport, ID card or driving licence',
  },
  {
    kind: 'id_back',
    key: 'profile.verification.idBack',
    title: 'Identity document: back',
    help: 'The other side of the same document',
  },
  {
    kind: 'selfie',
    key: 'profile.verification.selfie',
    title: 'Selfie',
    help: 'Your face and the document in one photo',
  },
  {
    kind: 'proof_of_address',
    key: 'profile.verification.proofOfAddress',
    title: 'Proof of address',
    help: 'A utility bill or bank statement (image or PDF), under 3 months old',
  },
];

const SUMSUB_POLL_MS = 5000;

/** Sumsub verifies and has not decided for good yet. */
const awaitsSumsub = (state: TVerificationState | undefined) =>
  state?.provider === 'sumsub' && state.status !== 'verified' && state.reject_type !== 'final';

export function VerificationPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // With Sumsub the decision arrives by its webhook: the page asks again until there is one.
  const state = useQuery({
    ...verificationQuery(),
    refetchInterval: (query) => (awaitsSumsub(query.state.data) ? SUMSUB_POLL_MS : false),
  });
  const [submitting, setSubmitting] = useState(false);
  const tokenRef = useRef<string | null>(null);

  const token = async () => {
    if (!tokenRef.current)
      tokenRef.current = (await api.call(PROFILE_CALLS.accessToken, { externalActionId: '' })).token;
    return tokenRef.current;
  };
  const setState = (next: TVerificationState) => queryClient.setQueryData(profileKeys.verification, next);

  const submit = async () => {
    setSubmitting(true);
    try {
      setState(await api.call(PROFILE_CALLS.submitVerification, { token: await token() }));
      await api.call(PROFILE_CALLS.setUserOnVerification).catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: accountQueryKey });
      toast.success(
        t('profile.verification.submitted', { defaultValue: 'Thank you! We are checking your documents.' }),
      );
    } catch (caught) {
      tokenRef.current = null;
      toast.error(
        isApiError(caught, 'InvalidParameterException')
          ? t('profile.verification.missing', { defaultValue: 'Upload every document first.' })
          : refusalMessage(t, caught),
      );
    } finally {
      setSubmitting(false);
    }
  };

  if (state.isPending)
    return <div className="h-96 animate-pulse rounded-2xl bg-[var(--surface)]" aria-busy="true" />;
  // No provider serves this site (a production start without Sumsub) or verification is off.
  if (isApiError(state.error, 'AccessDeniedException') && state.error.data.reason === 'feature_disabled')
    return (
      <Notice tone="info">
        {t('profile.verification.unavailable', {
          defaultValue: 'Identity verification is not available right now.',
        })}
      </Notice>
    );
  if (state.isError)
    return (
      <Notice tone="error">
        {t('common.errors.generic', { defaultValue: 'Something went wrong. Please try again.' })}
      </Notice>
    );
  const data = state.data;
  if (data.provider === 'sumsub')
    return (
      <Card
        title={t('profile.verification.title', { defaultValue: 'Identity verification' })}
        description={t('profile.verification.description', {
          defaultValue: 'To withdraw winnings we need to confirm your identity. It takes only a few minutes.',
        })}
        testId="verification"
      >
        <VerificationStatusBadge status={data.status} reason={data.reason} rejectType={data.reject_type} />
        {data.status !== 'verified' && data.reject_type !== 'final' && (
          <SumsubVerification
            onStatusChange={() => void queryClient.invalidateQueries({ queryKey: profileKeys.verification })}
          />
        )}
      </Card>
    );
  const locked = data.status === 'on_verification' || data.status === 'verified';
  return (
    <Card
      title={t('profile.verification.title', { defaultValue: 'Identity verification' })}
      description={t('profile.verification.description', {
        defaultValue: 'To withdraw winnings we need to confirm your identity. It takes only a few minutes.',
      })}
      testId="verification"
    >
      <VerificationStatusBadge status={data.status} reason={data.reason} rejectType={data.reject_type} />
      {locked && data.documents.length > 0 && (
        <ul
          className="mt-4 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2"
          data-testid="verification-documents"
        >
          {SLOTS.map((slot) => {
            const doc = data.documents.find((d) => d.kind === slot.kind);
            return doc ? (
              <li
                key={slot.kind}
                className="flex items-center justify-between gap-3 rounded-xl bg-black/15 px-3 py-2"
              >
                <span className="font-semibold text-[var(--text-strong)]">
                  {t(slot.key, { defaultValue: slot.title })}
                </span>
                <span className="text-xs text-[var(--text-muted)]">{formatDateTime(doc.uploaded_at)}</span>
              </li>
            ) : null;
          })}
        </ul>
      )}
      {!locked && (
        <>
          <div className="mt-5 grid grid-cols-1 gap-4 md:grid-cols-2">
            {SLOTS.map((slot) => (
              <UploadSlot
                key={slot.kind}
                kind={slot.kind}
                title={t(slot.key, { defaultValue: slot.title })}
                help={t(`${slot.key}Help`, { defaultValue: slot.help })}
                document={data.documents.find((d) => d.kind === slot.kind)}
                getToken={token}
                onUploaded={setState}
                onTokenExpired={() => {
                  tokenRef.current = null;
                }}
              />
            ))}
          </div>
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <Button
              loading={submitting}
              disabled={data.missing.length > 0}
              onClick={submit}
              data-testid="verification-submit"
            >
              {t('profile.verification.submit', { defaultValue: 'Send for review' })}
            </Button>
            {data.missing.length > 0 && (
              <span className="text-sm text-[var(--text-muted)]">
                {t('profile.verification.toUpload', {
                  count: data.missing.length,
                  defaultValue: '{count} left to upload',
                })}
              </span>
            )}
          </div>
        </>
      )}
    </Card>
  );
}

function UploadSlot({
  kind,
  title,
  help,
  document,
  getToken,
  onUploaded,
  onTokenExpired,
}: {
  kind: TKycDocumentKind;
  title: string;
  help: string;
  document: TKycDocument | undefined;
  getToken: () => Promise<string>;
  onUploaded: (state: TVerificationState) => void;
  onTokenExpired: () => void;
}) {
  const { t } = useTranslation();
  const site = useSite();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ url: string; isPdf: boolean } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [dragging, setDragging] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  const take = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkFile(kind, file);
    if (problem === 'type') {
      setError(
        kind === 'proof_of_address'
          ? t('profile.verification.wrongTypePdf', { defaultValue: 'Use a JPEG, PNG, WebP or PDF file' })
          : t('profile.verification.wrongType', { defaultValue: 'Use a JPEG, PNG or WebP image' }),
      );
      return;
    }
    if (problem === 'size') {
      setError(
        t('profile.verification.tooBig', { max: MAX_MB, defaultValue: 'The file must be under {max} MB' }),
      );
      return;
    }
    setError('');
    setPreview({ url: URL.createObjectURL(file), isPdf: file.type === 'application/pdf' });
    setProgress(0);
    try {
      const state = await uploadDocument(
        { token: await getToken(), kind, file, locale: site?.locale ?? 'en' },
        setProgress,
      );
      onUploaded(state);
    } catch (caught) {
      if (isApiError(caught, 'AuthorizationException') || isApiError(caught, 'AccessDeniedException'))
        onTokenExpired();
      setError(
        isApiError(caught, 'InvalidParameterException')
          ? t('profile.verification.wrongFile', {
              defaultValue: 'This file cannot be used. Try another one.',
            })
          : t('profile.verification.uploadFailed', { defaultValue: 'The upload failed. Please try again.' }),
      );
      setPreview(null);
    } finally {
      setProgress(null);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };
  const shown =
    preview ?? (document ? { url: document.url, isPdf: document.mimetype === 'application/pdf' } : null);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop zone for the mouse; the file button below is the keyboard way
    <div
      className={`flex flex-col gap-3 rounded-xl border-2 border-dashed p-4 transition ${
        dragging
          ? 'border-[var(--accent)] bg-[var(--accent)]/5'
          : error
            ? 'border-rose-500/60'
            : 'border-[var(--line,#2a3150)]'
      }`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid={`upload-${kind}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-[var(--text-strong)]">{title}</h3>
          <p className="text-xs text-[var(--text-muted)]">{help}</p>
        </div>
        {document && progress === null && (
          <span className="shrink-0 rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-400">
            {t('profile.verification.uploaded', { defaultValue: 'Uploaded' })}
          </span>
        )}
      </div>
      <div className="grid aspect-[16/9] place-items-center overflow-hidden rounded-lg bg-black/20">
        {shown ? (
          shown.isPdf ? (
            <span className="text-sm font-semibold text-[var(--text-strong)]">
              PDF · {document?.filename ?? ''}
            </span>
          ) : (
            <img src={shown.url} alt={title} className="size-full object-contain" />
          )
        ) : (
          <span className="px-4 text-center text-sm text-[var(--text-muted)]">
            {t('profile.verification.dropHere', { defaultValue: 'Drop a file here or choose one' })}
          </span>
        )}
      </div>
      {progress !== null && (
        <div
          className="h-2 overflow-hidden rounded-full bg-[var(--surface-hover)]"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          aria-label={t('profile.verification.uploading', { defaultValue: 'Uploading the file' })}
        >
          <div
            className="h-full bg-[var(--accent)] transition-all"
            style={{ width: `${Math.round(progress * 100)}%` }}
          />
        </div>
      )}
      {error && (
        <p className="text-sm text-rose-400" role="alert">
          {error}
        </p>
      )}
      <input
        ref={inputRef}
        type="file"
        className="sr-only"
        accept={acceptedTypes(kind).join(',')}
        aria-label={title}
        data-testid={`file-${kind}`}
        onChange={(event) => {
          void take(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button variant="ghost" disabled={progress !== null} onClick={() => inputRef.current?.click()}>
        {document
          ? t('profile.verification.replace', { defaultValue: 'Replace file' })
          : t('profile.verification.choose', { defaultValue: 'Choose file' })}
      </Button>
    </div>
  );
}
