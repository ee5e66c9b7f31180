/**
 * The verify page (`/fairness?round=`): the player's current seed pair and rotation, and a round recomputed in
 * this browser with WebCrypto — commitment, floats, mapping and a full replay — against the server's record.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n-lite';
import { fairnessQuery, fairnessQueryKey, GAMES_CALLS } from '../api/games-api';
import { useHydrated } from '../hooks/use-hydrated';
import {
  computeFloats,
  floatBytes,
  matchesRecord,
  replayRound,
  sha256Hex,
  standardMappings,
  type TReplay,
  VERIFIABLE_GAMES,
} from '../lib/verify';

type TRecord = {
  round_id: string;
  sysname: string;
  game: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  server_seed: string | null;
  actions: unknown[];
  outcome: unknown;
  win: number;
  bet: number;
  status: string;
};

/** An amount of the record (major units) as §9 writes it: thousands with commas, 2 decimals. */
const amountText = (major: number) =>
  major.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

type TCheck = {
  hash: string;
  hashOk: boolean | null;
  floats: number[];
  mappings: string[];
  replay: TReplay | null;
  matches: boolean | null;
  error: string | null;
};

function SeedPair() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fairness = useQuery(fairnessQuery());
  const [clientSeed, setClientSeed] = useState('');
  const rotate = useMutation({
    mutationFn: () => api.call(GAMES_CALLS.rotateSeed, { client_seed: clientSeed.trim() }),
    onSuccess: (data) => {
      queryClient.setQueryData(fairnessQueryKey, data.current);
      setClientSeed('');
    },
  });
  const error = rotate.error
    ? isApiError(rotate.error, 'InvalidParameterException') && rotate.error.invalidParameters.round_id
      ? t('games.fair.roundOpen', { defaultValue: 'Finish your open round first.' })
      : t('games.fair.rotateFailed', {
          defaultValue: 'Could not rotate: check the client seed (1–64 characters, no spaces).',
        })
    : null;
  return (
    <section className="gm-panel" aria-labelledby="pair-title" data-testid="seed-pair">
      <h2 id="pair-title" className="text-lg font-bold text-[var(--text-strong)]">
        {t('games.fair.pair', { defaultValue: 'Your seed pair' })}
      </h2>
      <dl className="gm-fair mt-3 !text-sm">
        <dt>{t('games.game.serverSeedHash', { defaultValue: 'Server seed hash' })}</dt>
        <dd className="font-mono break-all" data-testid="current-hash">
          {fairness.data?.server_seed_hash ?? '…'}
        </dd>
        <dt>{t('games.game.clientSeed', { defaultValue: 'Client seed' })}</dt>
        <dd className="font-mono break-all">{fairness.data?.client_seed ?? '…'}</dd>
        <dt>{t('games.fair.nextNonce', { defaultValue: 'Next nonce' })}</dt>
        <dd className="font-mono">{fairness.data?.nonce ?? '…'}</dd>
      </dl>
      <form
        className="mt-4 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          rotate.mutate();
        }}
      >
        <label className="field min-w-0 flex-1">
          {t('games.fair.newClientSeed', { defaultValue: 'New client seed (empty: random)' })}
          <input value={clientSeed} maxLength={64} onChange={(e) => setClientSeed(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={rotate.isPending} data-testid="rotate">
          {t('games.fair.rotate', { defaultValue: 'Rotate seeds' })}
        </button>
      </form>
      {error && (
        <p className="field-error mt-2" role="alert">
          {error}
        </p>
      )}
      {rotate.data && (
        <div className="mt-4 rounded-xl bg-[var(--surface)] p-3 text-xs" data-testid="revealed">
          <p className="font-bold text-[var(--text-strong)]">
            {t('games.fair.revealed', { defaultValue: 'Revealed previous pair' })}
          </p>
          <p className="mt-1 font-mono break-all">server seed: {rotate.data.previous.server_seed}</p>
          <p className="font-mono break-all">hash: {rotate.data.previous.server_seed_hash}</p>
          <p className="font-mono break-all">
            client seed: {rotate.data.previous.client_seed} · rounds: {rotate.data.previous.nonce}
          </p>
        </div>
      )}
    </section>
  );
}

export function VerifyPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [roundId, setRoundId] = useState(params.get('round') ?? '');
  const [record, setRecord] = useState<TRecord | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState({ serverSeed: '', hash: '', clientSeed: '', nonce: '0', game: 'dice' });
  const [check, setCheck] = useState<TCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  const load = async (id: string) => {
    setLoadError(null);
    setCheck(null);
    try {
      const r = await api.get<TRecord>('games.getRound', { round_id: id });
      setRecord(r);
      setForm({
        serverSeed: r.server_seed ?? '',
        hash: r.server_seed_hash,
        clientSeed: r.client_seed,
        nonce: String(r.nonce),
        game: r.game,
      });
    } catch {
      setRecord(null);
      setLoadError(t('games.fair.notFound', { defaultValue: 'No round of yours has this id.' }));
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the round named in the URL once
  useEffect(() => {
    const id = params.get('round');
    if (id) void load(id);
  }, []);

  const verify = async () => {
    setBusy(true);
    const nonce = Number(form.nonce);
    const result: TCheck = {
      hash: '',
      hashOk: null,
      floats: [],
      mappings: [],
      replay: null,
      matches: null,
      error: null,
    };
    try {
      result.hash = await sha256Hex(form.serverSeed);
      result.hashOk = form.hash ? result.hash === form.hash.trim().toLowerCase() : null;
      result.floats = await computeFloats(form.serverSeed, form.clientSeed, nonce, 16);
      result.mappings = standardMappings(form.game, result.floats);
      if (record && record.actions.length > 0 && record.game === form.game) {
        result.replay = await replayRound({
          game: form.game,
          serverSeed: form.serverSeed,
          clientSeed: form.clientSeed,
          nonce,
          actions: record.actions,
        });
        result.matches = matchesRecord(result.replay, record);
      }
    } catch (error) {
      result.error = error instanceof Error ? error.message : String(error);
    }
    setCheck(result);
    setBusy(false);
  };

  const field = (key: keyof typeof form, label: string, testId: string) => (
    <label className="field">
      {label}
      <input
        className="font-mono !text-sm"
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        data-testid={testId}
      />
    </label>
  );

  return (
    <div
      className="mx-auto w-full max-w-[1200px] px-3 pb-16 sm:px-4 lg:px-6"
      data-testid="verify-page"
      data-ready={hydrated}
    >
      <h1 className="pt-6 text-2xl font-black text-[var(--text-strong)] md:text-3xl">
        {t('games.fair.title', { defaultValue: 'Provably fair: verify a round' })}
      </h1>
      <p className="mt-2 max-w-3xl text-sm text-[var(--text-muted)]">
        {t('games.fair.intro', {
          defaultValue:
            'Before you play we show the SHA-256 of the server seed. Every round uses floats from HMAC-SHA256(key = server seed, message = "client seed:nonce:block"), 4 bytes per float, 8 floats per block. Once the seed is revealed, this page recomputes the round in your browser with WebCrypto — not on our server.',
        })}
      </p>
      <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section className="gm-panel" aria-labelledby="verify-title">
          <h2 id="verify-title" className="text-lg font-bold text-[var(--text-strong)]">
            {t('games.fair.check', { defaultValue: 'Check a round' })}
          </h2>
          <form
            className="mt-3 flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              setParams(roundId ? { round: roundId } : {}, { replace: true });
              void load(roundId.trim());
            }}
          >
            <label className="field min-w-0 flex-1">
              {t('games.fair.roundId', { defaultValue: 'Round id' })}
              <input
                className="font-mono !text-sm"
                value={roundId}
                onChange={(e) => setRoundId(e.target.value)}
                data-testid="round-id"
              />
            </label>
            <button type="submit" className="btn btn-ghost" data-testid="load-round">
              {t('games.fair.load', { defaultValue: 'Load round' })}
            </button>
          </form>
          {loadError && (
            <p className="field-error mt-2" role="alert">
              {loadError}
            </p>
          )}
          {record && (
            <p className="mt-2 text-xs text-[var(--text-muted)]" data-testid="record-summary">
              {record.sysname} · {record.game} ·{' '}
              {t('games.fair.bet', { defaultValue: 'bet {amount}', amount: amountText(record.bet) })} ·{' '}
              {t('games.fair.win', { defaultValue: 'win {amount}', amount: amountText(record.win) })} ·{' '}
              {t(`games.fair.status.${record.status}`, { defaultValue: record.status })}
              {!record.server_seed &&
                ` · ${t('games.fair.notRevealed', { defaultValue: 'server seed not revealed yet: rotate your seeds to reveal it' })}`}
            </p>
          )}
          <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
            {field(
              'serverSeed',
              t('games.fair.serverSeed', { defaultValue: 'Server seed (revealed)' }),
              'server-seed',
            )}
            {field(
              'hash',
              t('games.game.serverSeedHash', { defaultValue: 'Server seed hash' }),
              'server-seed-hash',
            )}
            {field('clientSeed', t('games.game.clientSeed', { defaultValue: 'Client seed' }), 'client-seed')}
            {field('nonce', t('games.game.nonce', { defaultValue: 'Nonce' }), 'nonce')}
            <label className="field">
              {t('games.fair.game', { defaultValue: 'Game' })}
              <select
                className="h-[2.9rem] rounded-xl border border-[var(--line)] bg-[var(--surface)] px-3 text-[var(--text-strong)]"
                value={form.game}
                onChange={(e) => setForm({ ...form, game: e.target.value })}
              >
                {VERIFIABLE_GAMES.map((g) => (
                  <option key={g} value={g}>
                    {g}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <button
            type="button"
            className="btn btn-primary btn-lg mt-4 w-full sm:w-auto"
            onClick={verify}
            disabled={busy || !form.serverSeed || !/^\d+$/.test(form.nonce)}
            data-testid="verify"
          >
            {t('games.fair.verify', { defaultValue: 'Verify in my browser' })}
          </button>
          {check && (
            <div className="mt-5 space-y-4" data-testid="verify-result">
              {check.error && (
                <p className="field-error" role="alert">
                  {check.error}
                </p>
              )}
              <div
                className={`gm-verdict ${check.hashOk === false ? 'bad' : check.hashOk ? 'ok' : ''}`}
                data-testid="hash-check"
              >
                <b>SHA-256</b> <span className="font-mono break-all">{check.hash}</span>
                <span>
                  {check.hashOk === null
                    ? ''
                    : check.hashOk
                      ? t('games.fair.hashOk', { defaultValue: '✓ matches the commitment' })
                      : t('games.fair.hashBad', { defaultValue: '✗ does not match the commitment' })}
                </span>
              </div>
              <div className="overflow-x-auto">
                <table className="gm-paytable font-mono !text-xs">
                  <thead>
                    <tr>
                      <th>#</th>
                      <th>{t('games.fair.bytes', { defaultValue: 'bytes' })}</th>
                      <th className="!text-end">{t('games.fair.float', { defaultValue: 'float' })}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {check.floats.map((f, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: floats are positional
                      <tr key={i}>
                        <th>{i}</th>
                        <td className="!text-start">{floatBytes(f).join(' ')}</td>
                        <td>{f.toFixed(10)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {check.mappings.length > 0 && (
                <ul className="space-y-1 text-sm font-mono text-[var(--text-strong)]" data-testid="mapping">
                  {check.mappings.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              )}
              {check.replay && (
                <div className={`gm-verdict ${check.matches ? 'ok' : 'bad'}`} data-testid="replay-verdict">
                  <b>
                    {check.matches
                      ? t('games.fair.match', { defaultValue: '✓ The replay matches the recorded round' })
                      : t('games.fair.mismatch', {
                          defaultValue: '✗ The replay differs from the recorded round',
                        })}
                  </b>
                  <span className="text-xs">
                    {Number.isNaN(check.replay.win)
                      ? ''
                      : `${t('games.fair.win', { defaultValue: 'win {amount}', amount: amountText(check.replay.win) })} · `}
                    {t('games.fair.floatsUsed', {
                      defaultValue: '{count} floats',
                      count: check.replay.floatsUsed,
                    })}
                  </span>
                  <details>
                    <summary className="cursor-pointer text-xs">
                      {t('games.fair.outcome', { defaultValue: 'Recomputed outcome' })}
                    </summary>
                    <pre className="mt-2 overflow-x-auto text-[0.7rem]">
                      {JSON.stringify(check.replay.outcome, null, 1)}
                    </pre>
                  </details>
                </div>
              )}
            </div>
          )}
        </section>
        <SeedPair />
      </div>
    </div>
  );
}
