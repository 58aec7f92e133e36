import { SelectField } from '../../../components/ui/field';
import { parsePeriodValue, periodValue } from '../../../../../core/src/fiscal-year/periods';
import { fiscalCaption, periodSelectGroups, useFiscalYear } from '../../../lib/fiscal-year';
import type { PeriodChoice } from '../api/get-analytics';

/**
 * The dashboard's period: All Time (the default), a month, a quarter, or a calendar or fiscal year (fiscal
 * quarters and years when the fiscal year does not start in January). It drives the summary cards, the
 * monthly chart and Insights; the caption says how fiscal years are named.
 */
export function PeriodPicker({ value, onChange }: { value: PeriodChoice; onChange: (p: PeriodChoice) => void }) {
  const fy = useFiscalYear();
  const caption = fiscalCaption(fy.data);
  return (
    <div className="adm-toolbar adm-period">
      <SelectField
        label="Period"
        className="adm-period-field"
        value={value ? periodValue(value) : 'all'}
        onValueChange={(v) => onChange(parsePeriodValue(v))}
        hint={`The cards, the monthly chart and Insights cover this period; the daily chart is always the last 30 days.${caption ? ` ${caption}` : ''}`}
      >
        <option value="all">All Time</option>
        {periodSelectGroups(fy.data).map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
    </div>
  );
}
