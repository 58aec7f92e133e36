/**
 * ECharts, tree-shaken: only the chart types and components the admin dashboard draws are registered
 * (the full `echarts` import is about 465 kB gzipped). Use with echarts-for-react's core component, passing
 * `echarts={echarts}`.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  LineChart,
  PieChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  CanvasRenderer,
]);

export { echarts };
