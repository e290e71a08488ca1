import { render } from '@testing-library/react';
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
  it('puts ticks of counts on whole numbers only (no 0.25 reviews)', () => {
    render(<DashboardChart label="Reviews" xLabels={['Nov 24', 'Nov 25']} series={[{ label: 'New reviews', values: [0, 1], color: '#6d28d9', bars: true }]} />);
    const counts = drawn.at(-1)!.axes![1];
    expect(counts.incrs).toBeDefined();
    expect((counts.incrs as number[]).every((step) => Number.isInteger(step) && step >= 1)).toBe(true);
  });
});
