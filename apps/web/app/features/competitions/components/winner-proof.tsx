/** A jackpot drop's proof, checked in this browser: SHA-256(revealed seed) must equal the committed hash. */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TJackpotWinner } from '../api/competitions-api';

const sha256Hex = async (text: string) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
};

export function WinnerProof({ winner }: { winner: TJackpotWinner }) {
  const { t } = useTranslation();
  const [verified, setVerified] = useState<boolean | null>(null);
  useEffect(() => {
    if (typeof crypto === 'undefined' || !crypto.subtle) return;
    void sha256Hex(winner.server_seed).then((hash) => setVerified(hash === winner.seed_hash));
  }, [winner.server_seed, winner.seed_hash]);
  return (
    <details className="mt-1 text-xs text-[var(--text-muted)]">
      <summary className="cursor-pointer">
        {t('competitions.jackpots.proof', { defaultValue: 'Fairness proof' })}
        {verified === true && ` ✓ ${t('competitions.jackpots.verified', { defaultValue: 'verified' })}`}
        {verified === false &&
          ` ✗ ${t('competitions.jackpots.mismatch', { defaultValue: 'does not match' })}`}
      </summary>
      <dl className="mt-1 break-all font-mono">
        <dt>{t('competitions.jackpots.seedHash', { defaultValue: 'Committed seed hash' })}</dt>
        <dd>{winner.seed_hash}</dd>
        <dt>{t('competitions.jackpots.serverSeed', { defaultValue: 'Revealed seed' })}</dt>
        <dd>{winner.server_seed}</dd>
        <dt>{t('competitions.jackpots.dropAt', { defaultValue: 'Drop point' })}</dt>
        <dd>{winner.drop_at}</dd>
      </dl>
    </details>
  );
}
