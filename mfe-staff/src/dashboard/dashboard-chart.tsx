import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  color: string;
  /** Drawn as bars (counts) rather than a line (averages, rates). */
  bars?: boolean;
  /** A second scale on the right, for a figure of another kind (a rating beside a count). */
  rightScale?: { label: string; min: number; max: number };
}

export interface DashboardChartProps {
  /** Names the chart for screen readers; its figures are in the table beside it. */
  label: string;
  /** Labels of the x positions, in order (days, slots, hours). */
  xLabels: string[];
  series: ChartSeries[];
  height?: number;
}

const bars = uPlot.paths.bars!({ size: [0.7, 48] });

/** The steps a left-axis tick may take: whole numbers only. */
export const WHOLE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000];

/** Room a tick needs: its longest label at about 7 px a character (12 px text), and a gap. */
const labelSpace = (labels: string[]) => Math.max(48, Math.max(0, ...labels.map((label) => label.length)) * 7 + 12);

// Charts are drawn one per task, one after another: the dashboard's four drawn in the task that
// showed them were one long task (about 260 ms of uPlot at 4x CPU slowdown, #37) before a tap could land.
let drawing: Promise<void> = Promise.resolve();
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs `draw` in a task of its own after the charts asked before it; the answer cancels it if it has not run. */
function drawInTurn(draw: () => void): () => void {
  let cancelled = false;
  drawing = drawing.then(nextTask).then(() => {
    if (!cancelled) draw();
  });
  return () => {
    cancelled = true;
  };
}

/**
 * One uPlot chart that fills its box and redraws when the box changes width
 * (a phone turned, a tablet's split view). Loaded only with the dashboard. The box
 * has the chart's height before it is drawn and the legend is the panel's own
 * (ChartPanel), so nothing below moves when the canvas arrives.
 */
export default function DashboardChart({ label, xLabels, series, height = 220 }: DashboardChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const right = series.find((one) => one.rightScale)?.rightScale;
    const options: Options = {
      width: Math.max(element.clientWidth, 240),
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      // Half a step of room at each end, so the first and last bars and labels are whole.
      scales: { x: { time: false, range: [-0.5, xLabels.length - 0.5] }, ...(right ? { right: { range: [right.min, right.max] } } : {}) },
      axes: [
        // Ticks only on whole positions (one label each), as far apart as the labels need on a phone.
        { values: (_chart, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? (xLabels[tick] ?? '') : '')), incrs: [1, 2, 3, 5, 7, 10, 14], space: labelSpace(xLabels) },
        // The left scale counts (bookings, requests, reviews) or gives whole percents: never a tick at 0.25.
        { size: 40, incrs: WHOLE_STEPS },
        ...(right ? [{ side: 1, scale: 'right', label: right.label, size: 48, grid: { show: false }, incrs: WHOLE_STEPS }] : []),
      ],
      series: [
        { label: 'x' },
        ...series.map((one) => ({
          label: one.label,
          stroke: one.color,
          fill: one.bars ? `${one.color}99` : undefined,
          width: one.bars ? 1 : 2,
          paths: one.bars ? bars : undefined,
          points: { show: !one.bars },
          scale: one.rightScale ? 'right' : 'y',
        })),
      ],
    };
    const data: AlignedData = [xLabels.map((_, index) => index), ...series.map((one) => one.values)];
    let chart: uPlot | null = null;
    const resize = new ResizeObserver(() => chart?.setSize({ width: Math.max(element.clientWidth, 240), height }));
    const cancel = drawInTurn(() => {
      chart = new uPlot({ ...options, width: Math.max(element.clientWidth, 240) }, data, element);
      resize.observe(element);
    });
    return () => {
      cancel();
      resize.disconnect();
      chart?.destroy();
    };
  }, [xLabels, series, height]);
  return <div ref={box} className="dashboard-chart" role="img" aria-label={label} style={{ height }} />;
}
