import { SelectField } from '../../../components/ui/field';
import { fiscalCaption, parseYearValue, useFiscalYear, yearSelectOptions, yearValue } from '../../../lib/fiscal-year';
import type { AnalyticsPeriod } from '../api/get-analytics';

/**
 * The dashboard's period: All Time (the default) or a calendar or fiscal year. It drives the summary cards and
 * the monthly chart; the caption says how fiscal years are named.
 */
export function PeriodPicker({ value, onChange }: { value: AnalyticsPeriod; onChange: (p: AnalyticsPeriod) => void }) {
  const fy = useFiscalYear();
  const caption = fiscalCaption(fy.data);
  return (
    <div className="adm-toolbar adm-period">
      <SelectField
        label="Period"
        className="adm-period-field"
        value={value ? yearValue(value) : 'all'}
        onValueChange={(v) => onChange(parseYearValue(v))}
        options={[{ value: 'all', label: 'All Time' }, ...yearSelectOptions(fy.data)]}
        hint={`The cards and the monthly chart cover this period; the daily chart is always the last 30 days.${caption ? ` ${caption}` : ''}`}
      />
    </div>
  );
}
