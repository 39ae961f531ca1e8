/**
 * The report's chart, drawn by Chart.js (canvas) through react-chartjs-2. This module is only
 * reached through `React.lazy` from the reports page, so Chart.js is a chunk of its own that
 * no other route downloads (docs/decisions.md).
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import type { ChartModel } from './chart-data';

ChartJS.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

const PALETTE_VARS = ['--color-primary', '--color-secondary', '--color-warning', '--color-info', '--color-success', '--color-danger'];
const FALLBACK = ['#0f6b6b', '#3d3a8c', '#b7791f', '#2b6cb0', '#2f855a', '#c53030'];

function themeColors(): { series: string[]; text: string; grid: string; font: string } {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    series: PALETTE_VARS.map((name, i) => read(name, FALLBACK[i]!)),
    text: read('--color-muted', '#555'),
    grid: read('--color-border', '#ddd'),
    font: read('--font-family', 'sans-serif'),
  };
}

export interface ReportChartProps {
  model: ChartModel;
  height: number;
  /** The canvas's text alternative (the table below holds the numbers). */
  label: string;
  /** A value as the table shows it (1,234 / 87.5% / 30分 / 12.5時間). */
  format: (value: number | null) => string;
}

export default function ReportChart({ model, height, label, format }: ReportChartProps) {
  const colors = useMemo(themeColors, []);
  const data = useMemo<ChartData<'bar' | 'line', (number | null)[], string>>(
    () => ({
      labels: model.labels,
      datasets: model.series.map((s, i) => {
        const color = colors.series[i % colors.series.length]!;
        return {
          label: s.label,
          data: s.values,
          backgroundColor: color,
          borderColor: color,
          borderWidth: model.type === 'line' ? 2 : 0,
          pointRadius: model.type === 'line' ? 2 : 0,
          spanGaps: true,
          maxBarThickness: 28,
        };
      }),
    }),
    [model, colors],
  );

  const options = useMemo<ChartOptions<'bar' | 'line'>>(() => {
    const valueAxis = {
      beginAtZero: true,
      ...(model.kind === 'percent' ? { suggestedMax: 100 } : {}),
      // Counts are whole numbers: no half steps that round to the same label twice.
      ticks: { color: colors.text, ...(model.kind === 'number' ? { precision: 0 } : {}), callback: (value: number | string) => format(Number(value)) },
      grid: { color: colors.grid },
    };
    const categoryAxis = {
      ticks: { color: colors.text, autoSkip: true, maxRotation: 0 },
      grid: { display: false },
    };
    return {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      indexAxis: model.indexAxis,
      font: { family: colors.font },
      interaction: { mode: 'index', intersect: false },
      scales: model.indexAxis === 'y' ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
      plugins: {
        legend: { display: model.series.length > 1, position: 'bottom', labels: { color: colors.text, font: { family: colors.font } } },
        tooltip: {
          callbacks: {
            title: (items) => model.fullLabels[items[0]?.dataIndex ?? 0] ?? '',
            label: (item) => `${item.dataset.label ?? ''}: ${format(item.raw === null ? null : Number(item.raw))}`,
          },
        },
      },
    };
  }, [model, colors, format]);

  return (
    <div style={{ position: 'relative', width: '100%', minWidth: 0, height }}>
      <Chart type={model.type} data={data} options={options} role="img" aria-label={label} />
    </div>
  );
}
