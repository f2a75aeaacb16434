import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface SeriesPoint {
  start: string;
  humans: number;
  bots: number;
}

/**
 * Humans and bots over time, one uPlot chart; redrawn when the points change (polling keeps them fresh) and resized
 * with its box, since uPlot draws at a fixed pixel width (a phone turned, a window narrowed).
 */
export function SeriesChart({ points, label }: { points: SeriesPoint[]; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      points.map((p) => Date.parse(p.start) / 1000),
      points.map((p) => p.humans),
      points.map((p) => p.bots),
    ];
    const chart = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: 220,
        series: [{}, { label: 'Humans', stroke: '#1d4ed8', width: 2 }, { label: 'Bots', stroke: '#b45309', width: 2 }],
        axes: [{}, { label: 'Requests' }],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, element.clientWidth), height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points]);
  return <div ref={host} className="chart" role="img" aria-label={label} />;
}
