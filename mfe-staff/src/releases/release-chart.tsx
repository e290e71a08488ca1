import type { VersionPoint } from '@samgyup/shared/releases';
import { formatRestaurantDateTime } from '@samgyup/shared/reservation';

export interface ChartLine {
  version: string;
  /** What the line is to an admin: "live", "canary", "before". */
  role: string;
  /** A class of releases.css (its colour and dash: the lines differ by more than colour). */
  className: string;
}

const WIDTH = 320;
const HEIGHT = 96;
const PAD = 4;

/**
 * One figure of a part's versions over the last hours: a line per version in plain
 * SVG (a few dozen points, no chart library), hidden from screen readers, with the
 * same figures in a table below it.
 */
export function ReleaseChart({
  title,
  points,
  lines,
  steps,
  value,
  show,
}: {
  title: string;
  points: VersionPoint[];
  lines: ChartLine[];
  /** Every step's start, in order (points are only where a version had reports). */
  steps: string[];
  value: (point: VersionPoint) => number | null;
  show: (value: number) => string;
}) {
  const valueAt = (version: string, at: string) => {
    const point = points.find((candidate) => candidate.version === version && candidate.at === at);
    return point ? value(point) : null;
  };
  const values = lines.flatMap((line) => steps.map((at) => valueAt(line.version, at))).filter((figure): figure is number => figure !== null);
  const top = Math.max(...values, 0) || 1;
  const x = (index: number) => PAD + (steps.length > 1 ? (index / (steps.length - 1)) * (WIDTH - 2 * PAD) : 0);
  const y = (figure: number) => HEIGHT - PAD - (figure / top) * (HEIGHT - 2 * PAD);
  return (
    <figure className="staff-release-chart">
      <figcaption>
        {title} (highest {show(top)})
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false" preserveAspectRatio="none">
        <line className="staff-release-chart__axis" x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} />
        {lines.map((line) => {
          const drawn = steps.map((at, index) => ({ index, figure: valueAt(line.version, at) })).filter((step) => step.figure !== null);
          if (drawn.length === 0) return null;
          return (
            <g key={line.version} className={line.className}>
              <polyline points={drawn.map((step) => `${x(step.index)},${y(step.figure ?? 0)}`).join(' ')} />
              {drawn.map((step) => (
                <circle key={step.index} cx={x(step.index)} cy={y(step.figure ?? 0)} r={2} />
              ))}
            </g>
          );
        })}
      </svg>
      <ul className="staff-release-chart__legend" aria-hidden="true">
        {lines.map((line) => (
          <li key={line.version} className={line.className}>
            {line.role} {line.version}
          </li>
        ))}
      </ul>
      <details>
        <summary>{title}: the figures</summary>
        <table className="dashboard-table">
          <thead>
            <tr>
              <th scope="col">From</th>
              {lines.map((line) => (
                <th key={line.version} scope="col">
                  {line.role} {line.version}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {steps.map((at) => (
              <tr key={at}>
                <th scope="row">
                  <time dateTime={at}>{formatRestaurantDateTime(at)}</time>
                </th>
                {lines.map((line) => {
                  const figure = valueAt(line.version, at);
                  return <td key={line.version}>{figure === null ? 'no reports' : show(figure)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
