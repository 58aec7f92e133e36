import { useEffect, useRef } from 'react';
// The ESM build of echarts-for-react's core component (lib/core is CommonJS, whose default export Vite hands
// over as a namespace object); same component, used with the tree-shaken echarts/core instance.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { echarts } from '../../../lib/echarts';
import { formatCurrency } from '../../../lib/currency';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';

export interface ChartRow {
  label: string;
  value: number;
}

/**
 * One chart: the ECharts canvas (hidden from assistive technology) with a visually hidden table holding the
 * same numbers as its text alternative, or an empty state when there is nothing to draw.
 */
export function ChartCard({ title, description, rows, option, valueHeader = 'Amount', labelHeader }: {
  title: string;
  description: string;
  rows: ChartRow[];
  option: Record<string, unknown>;
  labelHeader: string;
  valueHeader?: string;
}) {
  const chartRef = useRef<ReactEChartsCore>(null);
  const hasData = rows.some((r) => Number(r.value) !== 0);

  // echarts-for-react follows its container's size; a window listener also covers layout-only changes.
  useEffect(() => {
    const onResize = () => chartRef.current?.getEchartsInstance()?.resize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return (
    <Card className="adm-chart-card">
      <CardHeader title={title} description={description} titleAs="h3" />
      <CardContent>
        {hasData ? (
          <>
            <div className="adm-chart" aria-hidden="true">
              <ReactEChartsCore ref={chartRef} echarts={echarts} option={option} notMerge style={{ height: '100%', width: '100%' }} />
            </div>
            <table className="sr-only">
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{labelHeader}</th>
                  <th scope="col">{valueHeader}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.label}>
                    <th scope="row">{r.label}</th>
                    <td>{valueHeader === 'Amount' ? formatCurrency(r.value) : r.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <div className="adm-chart-empty">
            <p>No donation data to chart yet.</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
