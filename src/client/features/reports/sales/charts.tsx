import { useElementSize } from '@mantine/hooks';
import classes from './reports.module.css';

/*
 * Sofra's two report charts, drawn as plain SVG / CSS grid. @mantine/charts (with recharts) added
 * ~138 KB gzip of JavaScript to the reports chunk for one line chart (measured with esbuild, see
 * the report in the issue); these two take ~2 KB. Each chart is only a picture: its numbers are
 * always in a table too (ChartTable / the "Tablo olarak göster" toggle), so aria-hidden here.
 */

export interface ChartPoint {
  label: string;
  value: number;
}

const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 56 };

/** A round step for the value axis: 1, 2 or 5 times a power of ten. */
export function niceStep(max: number, ticks = 4): number {
  if (max <= 0) return 1;
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

/** The line of a value per day; `axis` writes a value on the axis (short: "12 B"). */
export function LineChart({ points, axis, title }: { points: ChartPoint[]; axis(value: number): string; title: string }) {
  const { ref, width } = useElementSize();
  const w = Math.max(width, 240);
  const innerW = w - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const max = Math.max(0, ...points.map((p) => p.value));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (i * innerW) / (points.length - 1));
  const y = (v: number) => PAD.top + innerH - (Math.max(0, v) / top) * innerH;
  // as many day labels as fit (about one per 56 px), always the first and the last
  const every = Math.max(1, Math.ceil(points.length / Math.max(1, Math.floor(innerW / 56))));
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  return (
    <div ref={ref} className={classes.chart} data-testid="line-chart">
      <svg width={w} height={HEIGHT} role="img" aria-label={title} viewBox={`0 0 ${w} ${HEIGHT}`}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={w - PAD.right} y1={y(t)} y2={y(t)} className={classes.grid} />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className={classes.axis}>
              {axis(t)}
            </text>
          </g>
        ))}
        {points.map((p, i) =>
          i % every === 0 || i === points.length - 1 ? (
            <text key={p.label} x={x(i)} y={HEIGHT - 8} textAnchor={points.length === 1 ? 'middle' : i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'} className={classes.axis}>
              {p.label}
            </text>
          ) : null,
        )}
        <path d={path} className={classes.line} />
        {points.map((p, i) => (
          <circle key={p.label} cx={x(i)} cy={y(p.value)} r={points.length > 40 ? 2 : 4} className={classes.dot}>
            <title>{`${p.label}: ${axis(p.value)}`}</title>
          </circle>
        ))}
      </svg>
    </div>
  );
}

/**
 * A grid of cells (rows × columns) whose darkness grows with the value; each cell also prints its
 * value when there is one, so the darkest cell is never told by colour alone.
 */
export function HeatMap({
  rows,
  columns,
  values,
  format,
  title,
}: {
  rows: string[];
  columns: string[];
  /** values[row][column] */
  values: number[][];
  format(value: number): string;
  title: string;
}) {
  const max = Math.max(0, ...values.flat());
  return (
    <div className={classes.heatWrap} data-testid="heat-map">
      <div className={classes.heat} role="img" aria-label={title} style={{ gridTemplateColumns: `3.2em repeat(${columns.length}, minmax(0, 1fr))` }}>
        <span />
        {columns.map((c) => (
          <span key={c} className={classes.heatHead}>
            {c}
          </span>
        ))}
        {rows.map((r, ri) => [
          <span key={`h${r}`} className={classes.heatHead}>
            {r}
          </span>,
          ...columns.map((c, ci) => {
            const v = values[ri]?.[ci] ?? 0;
            const level = max > 0 && v > 0 ? Math.max(1, Math.ceil((v / max) * 4)) : 0;
            return (
              <span key={`${r}-${c}`} className={classes.heatCell} data-level={level} title={`${c} ${r}: ${format(v)}`}>
                {v > 0 ? format(v) : ''}
              </span>
            );
          }),
        ])}
      </div>
      <p className={classes.legend}>Koyu hücre daha çok satış demektir; sayılar hücrelerde ve tabloda.</p>
    </div>
  );
}

/** A share as a bar and, beside it, its percent in words (the bar alone would be colour only). */
export function ShareBar({ share }: { share: number }) {
  const pct = Math.max(0, Math.min(100, share));
  return (
    <span className={classes.share}>
      <span className={classes.shareBar} aria-hidden="true">
        <span style={{ width: `${pct}%` }} />
      </span>
      <span>%{pct.toLocaleString('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</span>
    </span>
  );
}
