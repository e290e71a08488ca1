import { render, waitFor } from '@testing-library/react';
import type { Options } from 'uplot';
import DashboardChart from './dashboard-chart';

// jsdom has no canvas: the chart library is replaced by one that keeps the options it is given.
const drawn: Options[] = [];
jest.mock('uplot', () => {
  const FakePlot = Object.assign(
    function FakePlot(this: { setSize: () => void; destroy: () => void }, options: Options) {
      drawn.push(options);
      this.setSize = () => undefined;
      this.destroy = () => undefined;
    },
    { paths: { bars: () => () => null } },
  );
  return { __esModule: true, default: FakePlot };
});

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

describe('a dashboard chart', () => {
  it('puts ticks of counts on whole numbers only (no 0.25 reviews)', async () => {
    const before = drawn.length;
    render(<DashboardChart label="Reviews" xLabels={['Nov 24', 'Nov 25']} series={[{ label: 'New reviews', values: [0, 1], color: '#6d28d9', bars: true }]} />);
    await waitFor(() => expect(drawn).toHaveLength(before + 1));
    const counts = drawn.at(-1)!.axes![1];
    expect(counts.incrs).toBeDefined();
    expect((counts.incrs as number[]).every((step) => Number.isInteger(step) && step >= 1)).toBe(true);
  });

  it('draws several charts one per task, in the order they were shown, and none that was taken away first', async () => {
    const before = drawn.length;
    const chart = (label: string) => <DashboardChart key={label} label={label} xLabels={['Nov 24']} series={[{ label, values: [1], color: '#000' }]} />;
    const { rerender } = render(<div>{['one', 'two', 'three'].map(chart)}</div>);
    // Nothing is drawn in the task that showed them.
    expect(drawn).toHaveLength(before);
    rerender(<div>{['one', 'three'].map(chart)}</div>);
    await waitFor(() => expect(drawn).toHaveLength(before + 2));
    expect(drawn.slice(before).map((options) => options.series[1].label)).toEqual(['one', 'three']);
  });
});
