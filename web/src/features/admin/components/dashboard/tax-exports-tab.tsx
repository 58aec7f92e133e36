import { useState } from 'react';
import { useDownloadTaxExport, type TaxExportKind } from '../../api/download-tax-export';
import { Button } from '../ui/button';
import { Card, CardHeader } from '../ui/card';
import { SelectField } from '../ui/field';
import { DownloadIcon } from '../ui/icons';

/** Next year down to five years before the current one: 7 options. */
export function taxYearOptions(now = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: 7 }, (_, i) => current + 1 - i);
}

function DownloadCard({ kind, year, title, description }: { kind: TaxExportKind; year: number; title: string; description: string }) {
  const download = useDownloadTaxExport();
  const pending = download.isPending && download.variables?.kind === kind;
  return (
    <Card className="adm-export-card">
      <CardHeader title={title} description={description} level={3} />
      <Button onClick={() => download.mutate({ kind, year })} disabled={pending} aria-label={`Download CSV: ${title} ${year}`}>
        <DownloadIcon /> {pending ? 'Downloading...' : 'Download CSV'}
      </Button>
    </Card>
  );
}

export function TaxExportsTab() {
  const [year, setYear] = useState(() => new Date().getFullYear());
  return (
    <div className="adm-stack">
      <Card>
        <CardHeader title="Tax Reports" description="Download donation records for tax filing and donor acknowledgments." />
        <div className="adm-year-select">
          <SelectField label="Tax year" value={String(year)} onChange={(e) => setYear(Number(e.target.value))}>
            {taxYearOptions().map((y) => (
              <option key={y} value={y}>{y}</option>
            ))}
          </SelectField>
        </div>
      </Card>
      <div className="adm-grid adm-grid--3">
        <DownloadCard
          kind="bulk-report"
          year={year}
          title="Annual Tax Report"
          description={`Every donation received in ${year}, card and manual, with donor details.`}
        />
        <DownloadCard
          kind="irs-receipts"
          year={year}
          title="IRS Receipts Required"
          description={`Donations of $250 or more in ${year} that need a written acknowledgment.`}
        />
        <Card className="adm-export-card">
          <CardHeader title="Individual Statements" description="Year-end statements are generated per donor from each donor's page." level={3} />
          <Button variant="outline" disabled>Available on Individual Donor Pages</Button>
        </Card>
      </div>
    </div>
  );
}
