/**
 * Is a game's observed return plausible for its theoretical RTP? The mean return per round over n rounds has a
 * standard error s/√n (s: the sample deviation of a round's win/stake); z = (mean − RTP) / (s/√n). A statistician
 * flags |z| ≥ 3 (about 3 in 1,000 by chance) once there are enough rounds for the normal approximation.
 */
export interface TRtpDeviation {
  /** Mean return per round, percent (null without rounds). */
  meanReturn: number | null;
  z: number | null;
  flagged: boolean;
}

export const MIN_ROUNDS = 100;
export const Z_LIMIT = 3;

export const rtpDeviation = (
  rounds: number,
  returnSum: number,
  returnSqSum: number,
  rtpTheoretical: number | null,
): TRtpDeviation => {
  if (rounds === 0) return { meanReturn: null, z: null, flagged: false };
  const mean = returnSum / rounds;
  if (rtpTheoretical === null || rounds < 2) return { meanReturn: mean * 100, z: null, flagged: false };
  const variance = Math.max(0, (returnSqSum - rounds * mean * mean) / (rounds - 1));
  const error = Math.sqrt(variance / rounds);
  const gap = mean - rtpTheoretical / 100;
  const z =
    error === 0 ? (Math.abs(gap) < 1e-12 ? 0 : Math.sign(gap) * Number.POSITIVE_INFINITY) : gap / error;
  return { meanReturn: mean * 100, z, flagged: rounds >= MIN_ROUNDS && Math.abs(z) >= Z_LIMIT };
};
