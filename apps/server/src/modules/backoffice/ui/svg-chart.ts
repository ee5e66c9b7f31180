/**
 * Hand-made SVG charts for the server-rendered back-office (no script, and the CSP allows no inline style, so only
 * presentation attributes). A bar chart of one or two series per period, with a zero line and labelled axes.
 */
import { type Html, html } from './html.ts';

export interface TSeries {
  name: string;
  /** A CSS colour for the bars and the legend. */
  color: string;
  values: number[];
}

const W = 960;
const H = 260;
const PAD = { left: 72, right: 16, top: 16, bottom: 44 };

const niceStep = (span: number) => {
  const raw = span / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw || 1));
  return [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? magnitude * 10;
};

export const barChart = (input: {
  title: string;
  labels: string[];
  series: TSeries[];
  format: (value: number) => string;
}): Html => {
  const all = input.series.flatMap((s) => s.values);
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const step = niceStep(max - min);
  const top = Math.ceil(max / step) * step || step;
  const bottom = Math.floor(min / step) * step;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((top - v) / (top - bottom)) * plotH;
  const slot = plotW / Math.max(1, input.labels.length);
  const barW = Math.max(1, (slot * 0.8) / Math.max(1, input.series.length));
  const ticks: number[] = [];
  for (let v = bottom; v <= top + step / 2; v += step) ticks.push(v);
  const labelEvery = Math.ceil(input.labels.length / 12);
  return html`<figure class="chart">
<svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="chart-${input.title.length}" preserveAspectRatio="none" width="100%" height="${H}">
  <title id="chart-${input.title.length}">${input.title}</title>
  ${ticks.map(
    (
      v,
    ) => html`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="${v === 0 ? '#8a94a6' : '#e6e9ef'}" stroke-width="1"/>
  <text x="${PAD.left - 8}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end" font-size="11" fill="#5d6878">${input.format(v)}</text>`,
  )}
  ${input.series.map((s, si) =>
    s.values.map((v, i) => {
      const x = PAD.left + i * slot + slot * 0.1 + si * barW;
      const y0 = y(Math.max(0, v));
      const h = Math.max(v === 0 ? 0 : 1, Math.abs(y(v) - y(0)));
      return html`<rect x="${x.toFixed(1)}" y="${y0.toFixed(1)}" width="${barW.toFixed(1)}" height="${h.toFixed(1)}" fill="${s.color}"><title>${input.labels[i]} · ${s.name}: ${input.format(v)}</title></rect>`;
    }),
  )}
  ${input.labels.map((label, i) =>
    i % labelEvery === 0
      ? html`<text x="${(PAD.left + i * slot + slot / 2).toFixed(1)}" y="${H - PAD.bottom + 18}" text-anchor="middle" font-size="11" fill="#5d6878">${label.slice(5)}</text>`
      : '',
  )}
</svg>
<figcaption class="legend">${input.title}: ${input.series.map(
    (s) =>
      html`<span class="key"><svg width="12" height="12" aria-hidden="true"><rect width="12" height="12" fill="${s.color}"/></svg> ${s.name}</span>`,
  )}</figcaption>
</figure>`;
};
