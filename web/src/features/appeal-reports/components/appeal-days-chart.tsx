import { useId, useState } from 'react';
// The ESM build of echarts-for-react's core component, with the tree-shaken echarts/core instance.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { Button } from '../../../components/ui/button';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { echarts } from '../../../lib/echarts';
import type { AppealDayDto } from '../../../lib/api-types';

/**
 * An appeal's days: raised each day (bars) and the running total (line). The canvas is hidden from assistive
 * technology; the table below it holds the same numbers (its text alternative), one click away for everyone.
 */
export function AppealDaysChart({ name, days }: { name: string; days: AppealDayDto[] }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const option = {
    grid: { left: 64, right: 64, top: 48, bottom: 40 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['Raised that day', 'Running total'] },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: [
      { type: 'value', axisLabel: { formatter: (v: number) => `$${Math.round(v / 100).toLocaleString('en-US')}` } },
      { type: 'value', axisLabel: { formatter: (v: number) => `$${Math.round(v / 100).toLocaleString('en-US')}` } },
    ],
    series: [
      { name: 'Raised that day', type: 'bar', data: days.map((d) => d.raisedCents), itemStyle: { color: '#1d4ed8' } },
      {
        name: 'Running total',
        type: 'line',
        yAxisIndex: 1,
        data: days.map((d) => d.cumulativeCents),
        itemStyle: { color: '#15803d' },
      },
    ],
  };
  if (!days.some((d) => d.giftCount > 0)) return <p>No gifts to {name} yet.</p>;
  return (
    <>
      <div className="adm-chart" aria-hidden="true">
        <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: '100%', width: '100%' }} />
      </div>
      <Button
        variant="link"
        size="sm"
        aria-expanded={showTable}
        aria-controls={tableId}
        onClick={() => setShowTable((v) => !v)}
      >
        {showTable ? 'Hide data table' : 'Show data table'}
      </Button>
      <div
        id={tableId}
        className={showTable ? 'adm-table-wrap' : 'sr-only'}
        {...(showTable ? { tabIndex: 0, role: 'region', 'aria-label': `${name} by day data` } : {})}
      >
        <table className="adm-table">
          <caption className="sr-only">{name}: gifts by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="adm-num">
                Gifts
              </th>
              <th scope="col" className="adm-num">
                Raised that day
              </th>
              <th scope="col" className="adm-num">
                Running total
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td className="adm-num">{d.giftCount}</td>
                <td className="adm-num">{formatUsd(d.raisedCents)}</td>
                <td className="adm-num">{formatUsd(d.cumulativeCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
