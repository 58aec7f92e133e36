import { CHART_PALETTE, donutOption, donutSlices } from '../../web/src/features/analytics/components/chart-options.js';

/** The Donation Frequency donut: at most six slices, each its own colour, the smallest ones together as 'Other'. */
const TEN = [
  'One-time',
  'Monthly',
  'Quarterly',
  'Annual',
  'Stock',
  'Check',
  'Cash',
  'In-kind',
  'Property',
  'Other',
].map((label, i) => ({ label, value: 1000 - i * 90 }));

describe('Donation Frequency donut', () => {
  it('shows the five largest kinds and the rest together as Other (a manual type named Other joins it)', () => {
    const slices = donutSlices(TEN);
    expect(slices.map((s) => s.label)).toEqual(['One-time', 'Monthly', 'Quarterly', 'Annual', 'Stock', 'Other']);
    expect(slices[5].value).toBe(TEN.slice(5).reduce((s, r) => s + r.value, 0));
    expect(slices.reduce((s, r) => s + r.value, 0)).toBe(TEN.reduce((s, r) => s + r.value, 0));
    // The largest kind is a manual type called Other: it is not a second slice of that name.
    const big = donutSlices(TEN.map((r) => (r.label === 'Other' ? { ...r, value: 5000 } : r)));
    expect(big.map((s) => s.label)).toEqual(['One-time', 'Monthly', 'Quarterly', 'Annual', 'Stock', 'Other']);
    expect(big[5].value).toBe(5000 + 550 + 460 + 370 + 280);
  });

  it('keeps six kinds or fewer as they are, largest first, and leaves out kinds with nothing', () => {
    const six = [...TEN.slice(0, 5), { label: 'Cash', value: 5000 }, { label: 'Check', value: 0 }];
    expect(donutSlices(six).map((s) => s.label)).toEqual([
      'Cash',
      'One-time',
      'Monthly',
      'Quarterly',
      'Annual',
      'Stock',
    ]);
  });

  it('gives every slice its own colour of the six-colour palette and a legend that never pages', () => {
    expect(CHART_PALETTE).toHaveLength(6);
    expect(new Set(CHART_PALETTE.map((c) => c.toLowerCase())).size).toBe(6);
    const option = donutOption(TEN);
    const colours = option.series[0].data.map((d) => d.itemStyle.color);
    expect(colours).toHaveLength(6);
    expect(new Set(colours).size).toBe(colours.length);
    expect(option.legend.type).toBe('plain');
  });
});
