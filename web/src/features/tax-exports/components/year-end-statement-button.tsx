import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { FileIcon } from '../../../components/ui/icons';
import type { DonorDto } from '../../../lib/api-types';
import { useDownloadYearEnd } from '../api/download-year-end';
import { useDonorYears } from '../api/statement-run';
import { schoolYear } from '../../../lib/school-dates';

/**
 * The donor profile's 'Year-End Statement' button, with the years the donor gave in (newest first), so last
 * year's statement can be made in January. Without gifts, the current year (an empty statement).
 */
export function YearEndStatementButton({ donor }: { donor: Pick<DonorDto, 'id' | 'name'> }) {
  const yearEnd = useDownloadYearEnd();
  const years = useDonorYears(donor.id);
  const offered = years.data?.years.length ? years.data.years : [schoolYear()];
  const [picked, setPicked] = useState<number | null>(null);
  const year = picked !== null && offered.includes(picked) ? picked : offered[0];
  return (
    <div className="adm-statement-pick">
      {offered.length > 1 && (
        <Select
          aria-label="Statement year"
          className="adm-statement-year"
          value={String(year)}
          onValueChange={(v) => setPicked(Number(v))}
          options={offered.map((y) => ({ value: String(y), label: String(y) }))}
        />
      )}
      <Button
        variant="outline"
        onClick={() => yearEnd.mutate({ customerId: donor.id, donorName: donor.name, year })}
        disabled={yearEnd.isPending}
        aria-label={`Year-End Statement ${year}`}
      >
        <FileIcon /> {yearEnd.isPending ? 'Generating...' : 'Year-End Statement'}
      </Button>
    </div>
  );
}
