import { formatCurrency } from '../../../lib/currency';
import type { ChartRow } from './chart-card';

/** The dashboard's 6-colour palette (SPEC section 9), chosen for contrast on white and for colour-blind users. */
export const CHART_PALETTE = ['#1d4ed8', '#059669', '#d97706', '#dc2626', '#7c3aed', '#0891b2'];

const currency = (v: unknown) => formatCurrency(v);
/** Axis ticks drop the cents so labels stay short; tooltips keep the exact amount. */
const axisCurrency = (v: number) => formatCurrency(v).replace(/\.00$/, '');

/** No chart text below 12 px (axis ticks, legend, tooltips): the smallest size the admin screens use. */
export const CHART_LABEL_PX = 12;
const textStyle = { fontFamily: 'inherit', color: '#334155', fontSize: CHART_LABEL_PX };
const label = { color: '#475569', fontSize: CHART_LABEL_PX };

/** Several amounts per month as lines with a legend (the monthly chart: gifts, and Stripe's gross and net). */
export function linesOption(labels: string[], series: Array<{ name: string; values: number[]; colorIndex: number; dashed?: boolean }>) {
  return {
    color: CHART_PALETTE,
    textStyle,
    grid: { left: 16, right: 24, top: 40, bottom: 28 },
    legend: { top: 0, textStyle: { color: '#334155', fontSize: CHART_LABEL_PX } },
    tooltip: { trigger: 'axis', valueFormatter: currency, textStyle: { fontSize: 14 } },
    xAxis: { type: 'category', data: labels, boundaryGap: false, axisLabel: { ...label, hideOverlap: true } },
    yAxis: { type: 'value', axisLabel: { ...label, formatter: axisCurrency }, splitLine: { lineStyle: { color: '#e2e8f0' } } },
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      data: s.values,
      smooth: 0.3,
      smoothMonotone: 'x',
      symbolSize: 6,
      lineStyle: { width: 3, color: CHART_PALETTE[s.colorIndex], type: s.dashed ? 'dashed' : 'solid' },
      itemStyle: { color: CHART_PALETTE[s.colorIndex] },
    })),
  };
}

export function lineOption(rows: ChartRow[], name: string, colorIndex = 0) {
  return {
    color: CHART_PALETTE,
    textStyle,
    grid: { left: 16, right: 24, top: 24, bottom: 28 },
    tooltip: { trigger: 'axis', valueFormatter: currency, textStyle: { fontSize: 14 } },
    xAxis: { type: 'category', data: rows.map((r) => r.label), boundaryGap: false, axisLabel: { ...label, hideOverlap: true } },
    yAxis: { type: 'value', axisLabel: { ...label, formatter: axisCurrency }, splitLine: { lineStyle: { color: '#e2e8f0' } } },
    series: [
      {
        name,
        type: 'line',
        data: rows.map((r) => r.value),
        smooth: 0.3,
        smoothMonotone: 'x',
        symbolSize: 6,
        lineStyle: { width: 3, color: CHART_PALETTE[colorIndex] },
        itemStyle: { color: CHART_PALETTE[colorIndex] },
        areaStyle: { opacity: 0.08, color: CHART_PALETTE[colorIndex] },
      },
    ],
  };
}

export function donutOption(rows: ChartRow[]) {
  return {
    color: CHART_PALETTE,
    textStyle,
    tooltip: { trigger: 'item', valueFormatter: currency },
    legend: { bottom: 0, type: 'scroll', textStyle: { color: '#334155', fontSize: CHART_LABEL_PX } },
    series: [
      {
        name: 'Donation Frequency',
        type: 'pie',
        radius: ['60', '120'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { show: false },
        data: rows.map((r) => ({ name: r.label, value: r.value })),
      },
    ],
  };
}

export function barOption(rows: ChartRow[]) {
  return {
    color: CHART_PALETTE,
    textStyle,
    grid: { left: 16, right: 16, top: 24, bottom: 28 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: currency },
    xAxis: { type: 'category', data: rows.map((r) => r.label), axisLabel: label },
    yAxis: { type: 'value', axisLabel: { ...label, formatter: axisCurrency }, splitLine: { lineStyle: { color: '#e2e8f0' } } },
    series: [
      {
        name: 'Amount',
        type: 'bar',
        barMaxWidth: 48,
        data: rows.map(({ value }, i) => ({ value, itemStyle: { color: CHART_PALETTE[i % CHART_PALETTE.length], borderRadius: [4, 4, 0, 0] } })),
      },
    ],
  };
}
