/** Test-only (reconciliation.property.test.ts): the operator's reports page, its recompute button and CSV export. */
import type { OperatorBrowser } from './operator-browser.ts';

/** The operator recomputes a day from the ledger (the reports page's button). */
export const recomputeDay = async (operator: OperatorBrowser, day: string) => {
  await operator.submit('/admin/reports', '/admin/reports/recompute', { day }, /ok=recomputed/);
};

/** The operator's CSV export of the period rows, one a day, parsed (cells by column name). */
export const exportDays = async (operator: OperatorBrowser, from: string, to: string) => {
  const browser = await operator.open();
  const r = await browser.get(
    `/admin/reports/export.csv?from=${from}&to=${to}&period=day&currency=USD&table=periods`,
  );
  if (r.statusCode !== 200) throw new Error(`export: ${r.statusCode}`);
  const [header = '', ...lines] = r.body.trim().split('\r\n');
  const names = header.split(',');
  return lines.map((line) => {
    if (line.includes('"')) throw new Error(`a quoted cell: ${line}`);
    const cells = line.split(',');
    return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
  });
};
