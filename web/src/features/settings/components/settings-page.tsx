import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { BooleanSettingDto, SettingsDto } from '../../../lib/api-types';

type SettingChange = Pick<BooleanSettingDto, 'updatedAt' | 'updatedBy'>;
import { formatDateTime } from '../../../lib/format';
import { useSettings, useUpdateSettings } from '../api/settings';
import { fiscalYearCaption, monthName } from '../../../../../core/src/fiscal-year/fiscal-year';

const MONTHS = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName(i + 1) }));

function Changed({ s }: { s: SettingChange }) {
  return (
    <p className="adm-muted">
      {s.updatedAt
        ? `Changed ${formatDateTime(s.updatedAt)}${s.updatedBy ? ` by ${s.updatedBy}` : ''}.`
        : 'Never changed: the default applies.'}
    </p>
  );
}

/** A yes/no setting: a labelled checkbox with what it means. */
function CheckSetting({
  id,
  label,
  checked,
  onChange,
  children,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div className="adm-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <div>
        <label htmlFor={id} className="label">
          {label}
        </label>
        <p id={`${id}-hint`} className="adm-muted">
          {children}
        </p>
      </div>
    </div>
  );
}

/** One form for every school-wide setting; each section is one setting (later ones join as sections). */
function SettingsForm({ settings }: { settings: SettingsDto }) {
  const update = useUpdateSettings();
  const [requireTwoFactor, setRequireTwoFactor] = useState(settings.requireTwoFactor.value);
  const [days, setDays] = useState(String(settings.inboxRetentionDays.value));
  const [acknowledge, setAcknowledge] = useState(settings.automaticAcknowledgments.value);
  const [fiscalStart, setFiscalStart] = useState(String(settings.fiscalYearStartMonth.value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRequireTwoFactor(settings.requireTwoFactor.value);
    setDays(String(settings.inboxRetentionDays.value));
    setAcknowledge(settings.automaticAcknowledgments.value);
    setFiscalStart(String(settings.fiscalYearStartMonth.value));
  }, [settings]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(days);
    if (!Number.isInteger(n) || n < 1 || n > 3650)
      return setError('Keep raw payloads for a whole number of days from 1 to 3650');
    setError(null);
    update.mutate(
      {
        requireTwoFactor,
        inboxRetentionDays: n,
        automaticAcknowledgments: acknowledge,
        fiscalYearStartMonth: Number(fiscalStart),
      },
      {
        onSuccess: () => toast({ title: 'Settings Saved', description: 'The new settings apply at once.' }),
        onError: (err) => setError(errorMessage(err, 'The settings could not be saved')),
      },
    );
  };
  const r = settings.inboxRetentionDays;
  const acks = settings.automaticAcknowledgments;
  return (
    <form className="adm-stack" onSubmit={onSubmit} noValidate>
      {error && <Alert variant="destructive">{error}</Alert>}
      <Card as="section" aria-labelledby="set-2fa">
        <CardHeader title="Two-Factor Sign-In" titleId="set-2fa" />
        <CardContent className="adm-form">
          <CheckSetting
            id="require-2fa"
            label="Require two-factor sign-in for every admin"
            checked={requireTwoFactor}
            onChange={setRequireTwoFactor}
          >
            Admins without it are taken through the set-up (an authenticator app on their phone) at their next sign-in.
            Anyone who signs in sees donors' names, addresses and giving history: a password alone is not enough.
          </CheckSetting>
          {!settings.twoFactorAvailable && (
            <Alert variant="warning">
              The server has no TWO_FACTOR_KEY yet, so two-factor sign-in cannot be required.
            </Alert>
          )}
          <Changed s={settings.requireTwoFactor} />
        </CardContent>
      </Card>
      <Card as="section" aria-labelledby="set-retention">
        <CardHeader title="Raw Payment Data" titleId="set-retention" />
        <CardContent className="adm-form">
          <TextField
            label="Keep raw payment events for (days)"
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            hint={`Every payment event the payment provider sends is stored as it arrived, with the donor's name, e-mail and address. Once processed and older than this, only its id, type and time are kept. Donor records, gifts and totals are not affected. Now: ${r.value} days (${r.source === 'setting' ? 'set here' : `the server's INBOX_RETENTION_DAYS, ${r.environmentValue}`}).`}
          />
          <Changed s={r} />
        </CardContent>
      </Card>
      <Card as="section" aria-labelledby="set-acks">
        <CardHeader title="Donor Acknowledgments" titleId="set-acks" />
        <CardContent className="adm-form">
          <CheckSetting
            id="auto-acks"
            label="Acknowledge new gifts by e-mail automatically"
            checked={acknowledge}
            onChange={setAcknowledge}
          >
            Every card gift, renewal and manual gift with an e-mail address gets its tax acknowledgment with a receipt
            number, a few seconds after it arrives. Switching on applies to gifts made from then on: gifts made earlier
            (loaded history, a backfill, an import) are never e-mailed automatically.{' '}
            {acks.value && acks.since ? `On since ${formatDateTime(acks.since)}.` : 'Off now.'}
          </CheckSetting>
          <Changed s={acks} />
        </CardContent>
      </Card>
      <Card as="section" aria-labelledby="set-fiscal">
        <CardHeader title="Fiscal Year" titleId="set-fiscal" />
        <CardContent className="adm-form">
          <SelectField
            label="Fiscal year starts in"
            value={fiscalStart}
            onValueChange={setFiscalStart}
            options={MONTHS}
            hint={`Reports, charts and exports offer fiscal years beside calendar years. ${fiscalYearCaption(Number(fiscalStart), new Date().toISOString().slice(0, 10)) ?? 'Starting in January, fiscal years are calendar years.'} Tax exports and year-end statements stay on calendar years, as the IRS asks.`}
          />
          <Changed s={settings.fiscalYearStartMonth} />
        </CardContent>
      </Card>
      <div className="adm-form__row">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}

/** /stripe-data/settings (owners): the school-wide settings. */
export function SettingsPage() {
  const settings = useSettings();
  if (settings.isPending) return <Spinner label="Loading settings" />;
  if (settings.isError)
    return <Alert variant="destructive">{errorMessage(settings.error, 'Failed to load the settings')}</Alert>;
  return <SettingsForm settings={settings.data} />;
}
