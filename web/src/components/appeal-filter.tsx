import { AppealSelect } from './appeal-select';

/**
 * The Appeal filter of the admin lists and exports (the ledger, a donor's transactions and their CSV, the tax
 * CSVs): "Any appeal" or one appeal, archived ones included (they are kept for the reports). Nothing while the
 * school has no appeals.
 */
export function AppealFilter({ value, onValueChange }: { value: string; onValueChange: (id: string) => void }) {
  return <AppealSelect className="adm-filter" none="Any appeal" value={value} onValueChange={onValueChange} />;
}
