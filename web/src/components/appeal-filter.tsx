import { useAppeals } from '../lib/appeals';
import { SelectField } from './ui/field';

/**
 * The Appeal filter of the admin lists and exports (the ledger, a donor's transactions and their CSV, the tax
 * CSVs): "Any appeal" or one appeal, archived ones included (they are kept for the reports). Nothing while the
 * school has no appeals.
 */
export function AppealFilter({ value, onValueChange }: { value: string; onValueChange: (id: string) => void }) {
  const appeals = useAppeals().data ?? [];
  if (appeals.length === 0) return null;
  return (
    <SelectField
      label="Appeal"
      className="adm-filter"
      value={value}
      onValueChange={onValueChange}
      options={[{ value: '', label: 'Any appeal' }, ...appeals.map((a) => ({ value: a.id, label: a.page.name }))]}
    />
  );
}
