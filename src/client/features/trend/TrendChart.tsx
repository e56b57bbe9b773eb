import { useLingui } from '@lingui/react/macro';
import type { TrendData } from '../../../shared/api/types';
import { EmptyState } from '../../ui';
import { formatUsd } from '../../i18n';

type Point = TrendData['chartdata'][number];

const WIDTH = 320;
const HEIGHT = 168;
const PAD = { top: 4, right: 6, bottom: 4, left: 6 };

/** "2026-11-20" -> "11-20": the chart's axis has room for month and day only. */
function shortDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date.slice(5) : date;
}

/**
 * The member's days with orders, drawn by hand in SVG: per day a wide bar for the stake total and
 * a narrow bar for the win (up green, down red) from the zero line. Only the server's series is
 * drawn; with no days there is an empty state, never placeholder data. The scale's labels are text
 * around the drawing, not in it: the drawing shrinks with a narrow phone, and its text would too.
 */
export function TrendChart({ points }: { points: Point[] }) {
  const { t } = useLingui();
  if (points.length === 0) {
    return (
      <EmptyState title={t`No chart yet`} text={t`Days on which you place orders will be drawn here.`} icon="chart" />
    );
  }

  const top = Math.max(0, ...points.map((p) => Math.max(p.total, p.win)));
  const bottom = Math.min(0, ...points.map((p) => p.win));
  const range = top - bottom || 1;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + ((top - value) / range) * innerH;
  const slot = innerW / points.length;
  const zero = y(0);
  const first = points[0].date;
  const last = points[points.length - 1].date;

  return (
    <figure className="trend-chart" data-testid="trend-chart">
      <p className="trend-chart-axis" aria-hidden="true">
        {formatUsd(top)}
      </p>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t`Win and stake per day, ${first} to ${last}`}>
        {points.map((point, i) => {
          const x = PAD.left + i * slot;
          const totalTop = y(point.total);
          const winY = y(point.win);
          const wide = Math.max(1, slot * 0.7);
          const narrow = Math.max(1, slot * 0.32);
          return (
            <g key={point.date} data-testid="trend-chart-day">
              <rect
                className="trend-chart-total"
                x={x + (slot - wide) / 2}
                y={totalTop}
                width={wide}
                height={Math.max(0, zero - totalTop)}
              />
              <rect
                className={point.win < 0 ? 'trend-chart-loss' : 'trend-chart-win'}
                x={x + (slot - narrow) / 2}
                y={Math.min(winY, zero)}
                width={narrow}
                height={Math.abs(zero - winY)}
              />
            </g>
          );
        })}
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={zero} y2={zero} className="trend-chart-zero" />
      </svg>
      <p className="trend-chart-axis trend-chart-dates" aria-hidden="true">
        <span>{shortDate(first)}</span>
        {points.length > 1 && <span>{shortDate(last)}</span>}
      </p>
      <figcaption className="trend-chart-legend">
        <span>
          <i className="trend-swatch trend-swatch-total" aria-hidden="true" />
          {t`Stake`}
        </span>
        <span>
          <i className="trend-swatch trend-swatch-win" aria-hidden="true" />
          {t`Win`}
        </span>
        <span>
          <i className="trend-swatch trend-swatch-loss" aria-hidden="true" />
          {t`Loss`}
        </span>
      </figcaption>
      <ChartTable points={points} />
    </figure>
  );
}

/** The same series as a table, for screen readers (the drawing is one picture to them). */
function ChartTable({ points }: { points: Point[] }) {
  const { t } = useLingui();
  return (
    <table className="visually-hidden">
      <caption>{t`Win and stake per day (USD)`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Date`}</th>
          <th scope="col">{t`Win`}</th>
          <th scope="col">{t`Stake`}</th>
        </tr>
      </thead>
      <tbody>
        {points.map((point) => (
          <tr key={point.date} data-testid="trend-chart-row">
            <th scope="row">{point.date}</th>
            <td>{formatUsd(point.win)}</td>
            <td>{formatUsd(point.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
