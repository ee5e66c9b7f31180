/** A jackpot pool as it grows: the amount with its cents, then the digits below a cent, smaller (lib/format poolMoney). */
import { poolMoney } from '../lib/format';

export function PoolAmount(props: { exact: string; currency: string }) {
  const { main, sub, tail } = poolMoney(props.exact, props.currency);
  return (
    <>
      {main}
      {sub && <span className="text-[0.65em]">{sub}</span>}
      {tail}
    </>
  );
}
