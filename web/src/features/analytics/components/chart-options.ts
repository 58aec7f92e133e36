import { formatDollars } from '../../../lib/currency';
import type { ChartRow } from './chart-card';

/**
 * The dashboard's 6-colour palette (SPEC section 9): the Okabe-Ito colours, which people with any common colour
 * blindness tell apart (darkened where needed to keep 3:1 against white), and a neutral grey last, the colour
 * of a donut's 'Other'. Blue 5.2:1, vermillion 3.9:1, green 3.4:1, purple 3.1:1, ochre 3.3:1, grey 4.8:1.
 */
export const CHART_PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#B8860B', '#6b7280'];

/** A donut shows at most this many slices, one colour each: the largest ones, then the rest together as 'Other'. */
export const DONUT_MAX_SLICES = CHART_PALETTE.length;

/**
 * The donut's slices: the categories with an amount, largest first; when there are more than the palette has
 * colours, the largest five and one 'Other' slice for the rest, so no two slices share a colour.
 */
export function donutSlices(rows: ChartRow[]): ChartRow[] {
  const shown = rows.filter((r) => r.value > 0).sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  if (shown.length <= DONUT_MAX_SLICES) return shown;
  // A manual gift type named 'Other' joins the 'Other' slice rather than being a second slice of that name.
  const top = shown.filter((r) => r.label !== 'Other').slice(0, DONUT_MAX_SLICES - 1);
  const rest = shown.filter((r) => !top.includes(r));
  return [...top, { label: 'Other', value: rest.reduce((sum, r) => sum + r.value, 0) }];
}

const currency = (v: unknown) => formatDollars(v);
/** Axis ticks drop the cents so labels stay short; tooltips keep the exact amount. */
const axisCurrency = (v: number) => formatDollars(v).replace(/\.00$/, '');

/** No chart text below 12 px (axis ticks, legend, tooltips): the smallest size the admin screens use. */
export const CHART_LABEL_PX = 12;
const textStyle = { fontFamily: 'inherit', color: '#334155', fontSize: CHART_LABEL_PX };
const label = { color: '#475569', fontSize: CHART_LABEL_PX };

/** Several amounts per month as lines with a legend (the monthly chart: gifts, and Stripe's gross and net). */
export function linesOption(
  labels: string[],
  series: Array<{ name: string; values: number[]; colorIndex: number; dashed?: boolean }>,
) {
  return {
    color: CHART_PALETTE,
    textStyle,
    grid: { left: 16, right: 24, top: 40, bottom: 28 },
    legend: { top: 0, textStyle: { color: '#334155', fontSize: CHART_LABEL_PX } },
    tooltip: { trigger: 'axis', valueFormatter: currency, textStyle: { fontSize: 14 } },
    xAxis: { type: 'category', data: labels, boundaryGap: false, axisLabel: { ...label, hideOverlap: true } },
    yAxis: {
      type: 'value',
      axisLabel: { ...label, formatter: axisCurrency },
      splitLine: { lineStyle: { color: '#e2e8f0' } },
    },
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
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.label),
      boundaryGap: false,
      axisLabel: { ...label, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      axisLabel: { ...label, formatter: axisCurrency },
      splitLine: { lineStyle: { color: '#e2e8f0' } },
    },
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

/**
 * The donut of donutSlices, each slice its own colour (the grey last one is 'Other' when there is one). The legend is plain, so it wraps onto a
 * second line on a phone instead of paging; the pie sits above it.
 */
export function donutOption(rows: ChartRow[]) {
  const slices = donutSlices(rows);
  return {
    textStyle,
    tooltip: { trigger: 'item', valueFormatter: currency },
    legend: {
      type: 'plain',
      bottom: 0,
      left: 'center',
      itemGap: 12,
      textStyle: { color: '#334155', fontSize: CHART_LABEL_PX },
    },
    series: [
      {
        name: 'Donation Frequency',
        type: 'pie',
        radius: ['38%', '66%'],
        center: ['50%', '40%'],
        avoidLabelOverlap: true,
        label: { show: false },
        data: slices.map((r, i) => ({ name: r.label, value: r.value, itemStyle: { color: CHART_PALETTE[i] } })),
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
    yAxis: {
      type: 'value',
      axisLabel: { ...label, formatter: axisCurrency },
      splitLine: { lineStyle: { color: '#e2e8f0' } },
    },
    series: [
      {
        name: 'Amount',
        type: 'bar',
        barMaxWidth: 48,
        data: rows.map(({ value }, i) => ({
          value,
          itemStyle: { color: CHART_PALETTE[i % CHART_PALETTE.length], borderRadius: [4, 4, 0, 0] },
        })),
      },
    ],
  };
}
