import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
// The ESM build of echarts-for-react's core component (lib/core is CommonJS, whose default export Vite hands
// over as a namespace object); same component, used with the tree-shaken echarts/core instance.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { echarts } from '../../../lib/echarts';
import { formatDollars } from '../../../lib/currency';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';

export interface ChartRow {
  label: string;
  value: number;
  /** More amounts of the same row, one per extra column (a chart with several series). */
  more?: number[];
}

/**
 * One chart: the ECharts canvas (hidden from assistive technology) with a table holding the same numbers as its
 * text alternative, or an empty state when there is nothing to draw. The table is always there for screen
 * readers and one click ("Show data table") away for everyone else.
 */
export function ChartCard({
  title,
  description,
  rows,
  option,
  valueHeader = 'Amount',
  labelHeader,
  moreHeaders = [],
}: {
  title: string;
  description: string;
  rows: ChartRow[];
  option: Record<string, unknown>;
  labelHeader: string;
  valueHeader?: string;
  /** Headers of the rows' `more` amounts. */
  moreHeaders?: string[];
}) {
  const chartRef = useRef<ReactEChartsCore>(null);
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const hasData = rows.some((r) => Number(r.value) !== 0 || (r.more ?? []).some((v) => Number(v) !== 0));

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
              <ReactEChartsCore
                ref={chartRef}
                echarts={echarts}
                option={option}
                notMerge
                style={{ height: '100%', width: '100%' }}
              />
            </div>
            <Button
              variant="link"
              size="sm"
              className="adm-chart-toggle"
              aria-expanded={showTable}
              aria-controls={tableId}
              onClick={() => setShowTable((v) => !v)}
            >
              {showTable ? 'Hide data table' : 'Show data table'}
            </Button>
            {/* A table wider than a phone (the monthly chart's five columns) scrolls inside its own region. */}
            <div
              className={showTable ? 'adm-table-wrap' : undefined}
              {...(showTable ? { tabIndex: 0, role: 'region', 'aria-label': `${title} data` } : {})}
            >
              <table id={tableId} className={showTable ? 'adm-table adm-chart-table' : 'sr-only'}>
                <caption>{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{labelHeader}</th>
                    <th scope="col">{valueHeader}</th>
                    {moreHeaders.map((h) => (
                      <th key={h} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.label}>
                      <th scope="row">{r.label}</th>
                      <td>{valueHeader === 'Amount' || moreHeaders.length ? formatDollars(r.value) : r.value}</td>
                      {moreHeaders.map((h, i) => (
                        <td key={h}>{formatDollars(r.more?.[i] ?? 0)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
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
