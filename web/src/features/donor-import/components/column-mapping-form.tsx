import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  mappingProblems,
  type ColumnMapping,
  type ImportField,
} from '../../../../../core/src/donor-imports/column-mapping';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorSummary } from '../../../components/ui/error-summary';
import { SelectField } from '../../../components/ui/field';
import type { UploadedImportDto } from '../../../lib/api-types';

const NAME_FIELDS: ImportField[] = ['name', 'firstName', 'lastName'];
const REQUIRED: ImportField[] = ['giftDate', 'amount'];
const HINTS: Partial<Record<ImportField, string>> = {
  type: 'cash, check, stock, in-kind or crypto; blank is cash',
  note: 'e.g. the check number',
  fund: "a fund's name; blank is General",
};
const fieldId = (f: ImportField) => `import-map-${f}`;
const label = (f: ImportField) => `${IMPORT_FIELD_LABELS[f]}${REQUIRED.includes(f) ? ' (required)' : ''}`;

/**
 * Which column holds which field, checked by the mapping rule the API applies (core/src/donor-imports) before
 * anything is sent: every problem next to its field and in a summary at the top (noValidate: our sentences, not
 * the browser's bubble); a problem stays until its field is fixed.
 */
export function ColumnMappingForm({
  uploaded,
  busy,
  failure,
  onPreview,
}: {
  uploaded: UploadedImportDto;
  busy: boolean;
  failure: string | null;
  onPreview: (mapping: ColumnMapping) => void;
}) {
  const [mapping, setMapping] = useState<ColumnMapping>(uploaded.suggestedMapping);
  const [checked, setChecked] = useState(false);
  const [focusSummary, setFocusSummary] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const problems = checked ? mappingProblems(mapping, uploaded.headers.length) : [];
  const errorOf = (f: ImportField) => problems.find((p) => p.field === f)?.message ?? null;
  useEffect(() => {
    if (focusSummary) summaryRef.current?.focus();
  }, [focusSummary]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (mappingProblems(mapping, uploaded.headers.length).length) setFocusSummary((n) => n + 1);
    else onPreview(mapping);
  };
  const columns = [
    { value: '', label: 'Not in this file' },
    ...uploaded.headers.map((h, i) => ({ value: String(i), label: h || `Column ${i + 1}` })),
  ];
  const select = (f: ImportField) => (
    <SelectField
      key={f}
      id={fieldId(f)}
      label={label(f)}
      hint={HINTS[f]}
      error={errorOf(f)}
      options={columns}
      value={mapping[f] === undefined ? '' : String(mapping[f])}
      onValueChange={(v) => setMapping((m) => ({ ...m, [f]: v === '' ? undefined : Number(v) }))}
    />
  );

  return (
    <form className="adm-form" onSubmit={submit} noValidate aria-label="Match the columns">
      <ErrorSummary
        ref={summaryRef}
        items={problems.map((p) => ({ id: fieldId(p.field), label: IMPORT_FIELD_LABELS[p.field], message: p.message }))}
      />
      <fieldset className="adm-form" aria-describedby="import-map-name-hint">
        <legend className="label">Donor name (required)</legend>
        <p id="import-map-name-hint" className="field__hint">
          One full-name column, or the first-name and last-name columns.
        </p>
        <div className="adm-grid adm-grid--3">{NAME_FIELDS.map(select)}</div>
      </fieldset>
      <div className="adm-grid adm-grid--3">{IMPORT_FIELDS.filter((f) => !NAME_FIELDS.includes(f)).map(select)}</div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Checking every row…' : 'Preview import'}
        </Button>
      </div>
      {failure && <Alert variant="destructive">{failure}</Alert>}
    </form>
  );
}
