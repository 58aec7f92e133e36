import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Field, Input, Label, FieldHint, SelectField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import type { ColumnMappingDto, ImportPreviewDto, ImportProgressDto, UploadedImportDto } from '../../../lib/api-types';
import { useImportDonors } from '../api/import-donor-batch';
import { usePreviewDonorImport } from '../api/preview-donor-import';
import { useUploadDonorCsv } from '../api/upload-donor-csv';

type FieldName = keyof ColumnMappingDto;
const FIELDS: { name: FieldName; label: string; required?: boolean }[] = [
  { name: 'name', label: 'Donor name', required: true },
  { name: 'email', label: 'E-mail' },
  { name: 'phone', label: 'Phone' },
  { name: 'address', label: 'Street address' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zip', label: 'ZIP' },
  { name: 'giftDate', label: 'Gift date', required: true },
  { name: 'amount', label: 'Amount', required: true },
  { name: 'type', label: 'Type (cash, check, stock, in-kind, crypto)' },
  { name: 'note', label: 'Note (e.g. check number)' },
  { name: 'fund', label: 'Fund (by name; blank is General)' },
];

const count = (n: number) => n.toLocaleString('en-US');

/** Upload -> map columns -> dry-run preview -> import with a progress bar. */
export function DonorImportWizard() {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<UploadedImportDto | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<FieldName, number>>>({});
  const [preview, setPreview] = useState<ImportPreviewDto | null>(null);
  const [progress, setProgress] = useState<ImportProgressDto | null>(null);
  const upload = useUploadDonorCsv();
  const dryRun = usePreviewDonorImport();
  const run = useImportDonors(setProgress);

  const onUpload = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setPreview(null);
    setProgress(null);
    upload.mutate(file, { onSuccess: (u) => { setUploaded(u); setMapping(u.suggestedMapping); } });
  };
  const onPreview = (e: FormEvent) => {
    e.preventDefault();
    if (uploaded) dryRun.mutate({ id: uploaded.id, mapping: mapping as ColumnMappingDto }, { onSuccess: setPreview });
  };
  const columns = [{ value: '', label: 'Not in this file' }, ...(uploaded?.headers ?? []).map((h, i) => ({ value: String(i), label: h || `Column ${i + 1}` }))];

  return (
    <div className="adm-stack">
      <Card as="section" aria-labelledby="import-upload">
        <CardHeader titleId="import-upload" title="1. Upload a CSV"
          description="A spreadsheet saved as CSV, its first row naming the columns: one row per gift. At most 25 MB." />
        <CardContent>
          <form className="adm-form" onSubmit={onUpload}>
            <Field>
              <Label htmlFor={fileId}>CSV file</Label>
              <Input id={fileId} type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
              <FieldHint>Excel: File, Save As, "CSV UTF-8 (comma delimited)".</FieldHint>
            </Field>
            <div><Button type="submit" disabled={!file || upload.isPending}>{upload.isPending ? 'Uploading…' : 'Upload'}</Button></div>
            {upload.isError && <Alert variant="destructive">{errorMessage(upload.error, 'The file could not be uploaded')}</Alert>}
          </form>
        </CardContent>
      </Card>

      {uploaded && (
        <Card as="section" aria-labelledby="import-map">
          <CardHeader titleId="import-map" title="2. Match the columns"
            description={`${uploaded.fileName}: ${count(uploaded.rowCount)} rows. Choose which column holds each field; name, gift date and amount are required.`} />
          <CardContent>
            <form className="adm-form" onSubmit={onPreview}>
              <div className="adm-grid adm-grid--3">
                {FIELDS.map((f) => (
                  <SelectField key={f.name} label={`${f.label}${f.required ? ' (required)' : ''}`} required={f.required} options={columns}
                    value={mapping[f.name] === undefined ? '' : String(mapping[f.name])}
                    onValueChange={(v) => setMapping((m) => ({ ...m, [f.name]: v === '' ? undefined : Number(v) }))} />
                ))}
              </div>
              <div><Button type="submit" disabled={dryRun.isPending || run.isPending}>{dryRun.isPending ? 'Checking every row…' : 'Preview import'}</Button></div>
              {dryRun.isError && <Alert variant="destructive">{errorMessage(dryRun.error, 'The preview failed')}</Alert>}
            </form>
          </CardContent>
        </Card>
      )}

      {uploaded && preview && <PreviewCard preview={preview} />}

      {uploaded && preview && (
        <Card as="section" aria-labelledby="import-run">
          <CardHeader titleId="import-run" title="4. Import"
            description="Adds the gifts as manual gifts with their own dates and types, and creates the new donors. Rows with errors are left out; importing the same rows again adds nothing." />
          <CardContent className="adm-form">
            <div>
              <Button onClick={() => run.mutate(uploaded.id)} disabled={run.isPending || Boolean(progress?.finished) || preview.readyRows === 0}>
                Import {count(preview.readyRows)} gifts
              </Button>
            </div>
            {progress && (
              <div className="adm-progress">
                <span className="adm-progress__label" id="import-progress-label">
                  {progress.finished ? 'Import finished' : 'Importing…'} {count(progress.processed)} of {count(progress.total)} rows
                </span>
                <progress aria-labelledby="import-progress-label" max={Math.max(progress.total, 1)} value={progress.processed} />
              </div>
            )}
            <div role="status" aria-live="polite">
              {progress?.finished && <Alert variant="success">{count(progress.giftsAdded)} gifts added, {count(progress.donorsCreated)} new donors.</Alert>}
            </div>
            {run.isError && <Alert variant="destructive">{errorMessage(run.error, 'The import stopped; press Import again to go on')}</Alert>}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function PreviewCard({ preview }: { preview: ImportPreviewDto }) {
  return (
    <Card as="section" aria-labelledby="import-preview">
      <CardHeader titleId="import-preview" title="3. Preview (nothing is saved yet)"
        description="Donors are matched by e-mail (any capitalisation), then by name and street address." />
      <CardContent className="adm-form">
        <ul className="adm-import-counts" aria-label="What the import will do">
          <li><strong>{count(preview.readyRows)}</strong> gifts to import</li>
          <li><strong>{count(preview.newDonors)}</strong> new donors</li>
          <li><strong>{count(preview.matchedDonors)}</strong> existing donors matched</li>
          <li><strong>{count(preview.alreadyImported)}</strong> rows already imported (skipped)</li>
          <li><strong>{count(preview.errorCount)}</strong> rows with errors (left out)</li>
        </ul>
        {preview.errors.length > 0 && (
          <div className="adm-table-wrap" tabIndex={0} role="region" aria-labelledby="import-errors-caption">
            <table className="adm-table">
              <caption id="import-errors-caption">Rows with errors{preview.errorCount > preview.errors.length ? ` (the first ${count(preview.errors.length)})` : ''}</caption>
              <thead><tr><th scope="col">Row</th><th scope="col">Why</th></tr></thead>
              <tbody>{preview.errors.map((e) => <tr key={e.row}><td>{e.row}</td><td>{e.reason}</td></tr>)}</tbody>
            </table>
          </div>
        )}
        {[['New donors', preview.newDonorSamples], ['Matched donors', preview.matchedDonorSamples]].map(([title, list]) =>
          (list as ImportPreviewDto['newDonorSamples']).length > 0 && (
            <div key={title as string} className="adm-table-wrap" tabIndex={0} role="region" aria-label={title as string}>
              <table className="adm-table">
                <caption>{title as string} (the first {(list as unknown[]).length})</caption>
                <thead><tr><th scope="col">Name</th><th scope="col">E-mail</th><th scope="col">Gifts in file</th></tr></thead>
                <tbody>{(list as ImportPreviewDto['newDonorSamples']).map((d) => <tr key={`${d.customerId ?? ''}${d.name}${d.email ?? ''}`}><td>{d.name}</td><td>{d.email ?? '—'}</td><td>{d.gifts}</td></tr>)}</tbody>
              </table>
            </div>
          ))}
      </CardContent>
    </Card>
  );
}
