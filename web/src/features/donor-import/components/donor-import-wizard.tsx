import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Field, Input, Label, FieldHint } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import type { ImportPreviewDto, ImportProgressDto, UploadedImportDto } from '../../../lib/api-types';
import { useImportDonors } from '../api/import-donor-batch';
import { usePreviewDonorImport } from '../api/preview-donor-import';
import { useUploadDonorCsv } from '../api/upload-donor-csv';
import { ColumnMappingForm } from './column-mapping-form';
import { ImportPreview } from './import-preview';

const count = (n: number) => n.toLocaleString('en-US');

/** Upload -> map columns -> dry-run preview -> import with a progress bar. */
export function DonorImportWizard() {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<UploadedImportDto | null>(null);
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
    upload.mutate(file, { onSuccess: setUploaded });
  };

  return (
    <div className="adm-stack">
      <Card as="section" aria-labelledby="import-upload">
        <CardHeader
          titleId="import-upload"
          title="1. Upload a CSV"
          description="A spreadsheet saved as CSV, its first row naming the columns: one row per gift. At most 25 MB."
        />
        <CardContent>
          <form className="adm-form" onSubmit={onUpload}>
            <Field>
              <Label htmlFor={fileId}>CSV file</Label>
              <Input
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
              <FieldHint>Excel: File, Save As, "CSV UTF-8 (comma delimited)".</FieldHint>
            </Field>
            <div>
              <Button type="submit" disabled={!file || upload.isPending}>
                {upload.isPending ? 'Uploading…' : 'Upload'}
              </Button>
            </div>
            {upload.isError && (
              <Alert variant="destructive">{errorMessage(upload.error, 'The file could not be uploaded')}</Alert>
            )}
          </form>
        </CardContent>
      </Card>

      {uploaded && (
        <Card as="section" aria-labelledby="import-map">
          <CardHeader
            titleId="import-map"
            title="2. Match the columns"
            description={`${uploaded.fileName}: ${count(uploaded.rowCount)} rows. Choose which column holds each field; the donor's name, the gift date and the amount are required.`}
          />
          <CardContent>
            <ColumnMappingForm
              key={uploaded.id}
              uploaded={uploaded}
              busy={dryRun.isPending || run.isPending}
              failure={dryRun.isError ? errorMessage(dryRun.error, 'The preview failed') : null}
              onPreview={(mapping) => {
                setPreview(null);
                dryRun.mutate({ id: uploaded.id, mapping }, { onSuccess: setPreview });
              }}
            />
          </CardContent>
        </Card>
      )}

      {uploaded && preview && <ImportPreview preview={preview} />}

      {uploaded && preview && (
        <Card as="section" aria-labelledby="import-run">
          <CardHeader
            titleId="import-run"
            title="4. Import"
            description="Adds the gifts as manual gifts with their own dates and types, and creates the new donors. Rows with errors are left out; importing the same rows again adds nothing."
          />
          <CardContent className="adm-form">
            <div>
              <Button
                onClick={() => run.mutate(uploaded.id)}
                disabled={run.isPending || Boolean(progress?.finished) || preview.readyRows === 0}
              >
                Import {count(preview.readyRows)} gifts
              </Button>
            </div>
            {progress && (
              <div className="adm-progress">
                <span className="adm-progress__label" id="import-progress-label">
                  {progress.finished ? 'Import finished' : 'Importing…'} {count(progress.processed)} of{' '}
                  {count(progress.total)} rows
                </span>
                <progress
                  aria-labelledby="import-progress-label"
                  max={Math.max(progress.total, 1)}
                  value={progress.processed}
                />
              </div>
            )}
            <div role="status" aria-live="polite">
              {progress?.finished && (
                <Alert variant="success">
                  {count(progress.giftsAdded)} gifts added, {count(progress.donorsCreated)} new donors.
                </Alert>
              )}
            </div>
            {run.isError && (
              <Alert variant="destructive">
                {errorMessage(run.error, 'The import stopped; press Import again to go on')}
              </Alert>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
