import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { PhotoField, type PickPhoto, type ShownPhoto } from '../../../components/photo-field';
import { RichTextEditor, type InsertImage } from '../../../components/rich-text/rich-text-editor';
import { FieldHint, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { AppealAdminDto, FundDto, ShownPhotoDto } from '../../../lib/api-types';
import { formatCents, parseDollars } from '../../../../../core/src/gifts/money';
import { APPEAL_SLUG_MESSAGE, GOAL_KINDS, isAppealSlug } from '../../../../../core/src/appeals/appeal-rules';
import { useCreateAppeal, useUpdateAppeal } from '../api/appeals';

const GOAL_LABELS: Record<(typeof GOAL_KINDS)[number], string> = {
  dollars: 'Dollars raised',
  donors: 'Number of donors',
  new_monthly_donors: 'New monthly donors',
};

interface Values {
  name: string;
  slug: string;
  goalKind: (typeof GOAL_KINDS)[number];
  goal: string;
  startsOn: string;
  endsOn: string;
  fundId: string;
  storyHtml: string;
  matchText: string;
  matchCap: string;
  thankYouText: string;
  coverPhotoId: string | null;
  /** The cover as the form shows it (null with an id: the photo has lost its alt text). */
  coverPhoto: ShownPhoto | null;
  showRecentGifts: boolean;
}

function initial(a: AppealAdminDto | null, today: string): Values {
  return {
    name: a?.page.name ?? '',
    slug: a?.page.slug ?? '',
    goalKind: a?.page.goalKind ?? 'dollars',
    goal: a
      ? a.page.goalKind === 'dollars'
        ? formatCents(a.page.goalCents ?? 0)
        : String(a.page.goalCount ?? '')
      : '',
    startsOn: a?.startsOn ?? today,
    endsOn: a?.endsOn ?? '',
    fundId: a?.page.fundId ? String(a.page.fundId) : '',
    storyHtml: a?.page.storyHtml ?? '',
    matchText: a?.page.matchText ?? '',
    matchCap: a?.page.matchCapCents ? formatCents(a.page.matchCapCents) : '',
    thankYouText: a?.page.thankYouText ?? '',
    coverPhotoId: a?.coverPhotoId ?? null,
    coverPhoto: a?.page.coverPhoto ? shownCover(a.page.coverPhoto) : null,
    showRecentGifts: a?.showRecentGifts ?? false,
  };
}

function shownCover({ alt, image }: ShownPhotoDto): ShownPhoto {
  return { alt, src: image.src, width: image.width, height: image.height };
}

type Errors = Partial<Record<keyof Values, string>>;

/** The appeal's fields checked here with the server's own rules (slug, dollars), so most mistakes show before sending. */
function check(v: Values): Errors {
  const e: Errors = {};
  if (!v.name.trim()) e.name = 'Give the appeal a name, for example A New Van.';
  if (!isAppealSlug(v.slug.trim())) e.slug = APPEAL_SLUG_MESSAGE;
  if (v.goalKind === 'dollars' ? parseDollars(v.goal) === null : !/^[1-9]\d{0,6}$/.test(v.goal.trim()))
    e.goal = v.goalKind === 'dollars' ? 'Enter the goal in dollars, for example 5,000' : 'Enter a whole number';
  if (!v.startsOn) e.startsOn = 'Choose the first day';
  if (!v.endsOn) e.endsOn = 'Choose the last day';
  else if (v.startsOn && v.endsOn < v.startsOn) e.endsOn = 'The last day cannot be before the first day';
  if (v.matchCap && parseDollars(v.matchCap) === null) e.matchCap = 'Enter the match cap in dollars';
  return e;
}

/** What the app's route hands the form: the site's photo picker, for an owner only (it is the website roles'). */
export interface AppealPhotos {
  /** The cover's Choose / Change. */
  pickPhoto: PickPhoto;
  /** Photos inside the story. */
  onInsertImage: InsertImage;
}

/**
 * Create or edit an appeal. Days are the school's calendar days (the server turns them into the instants the
 * appeal opens and closes in the school's time zone); the story is written in the site's rich-text editor and
 * cleaned by the server before it is stored. Without `photos` (a bookkeeper) the cover is shown but not changed,
 * and nothing calls the photo routes.
 */
export function AppealForm({
  appeal,
  funds,
  today,
  onDone,
  photos,
}: {
  appeal: AppealAdminDto | null;
  funds: FundDto[];
  today: string;
  onDone: () => void;
  photos?: AppealPhotos;
}) {
  const create = useCreateAppeal();
  const update = useUpdateAppeal();
  const [v, setV] = useState<Values>(() => initial(appeal, today));
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const set = (k: keyof Values) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  const pending = create.isPending || update.isPending;
  // Opening the form takes the focus to its first field (the button that opened it is gone).
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);
  const titleId = appeal ? 'edit-appeal' : 'new-appeal';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check(v);
    setErrors(found);
    if (Object.keys(found).length) return;
    setServerError(null);
    const body = {
      name: v.name.trim(),
      slug: v.slug.trim(),
      goalKind: v.goalKind,
      goalCents: v.goalKind === 'dollars' ? parseDollars(v.goal) : null,
      goalCount: v.goalKind === 'dollars' ? null : Number(v.goal),
      startsOn: v.startsOn,
      endsOn: v.endsOn,
      fundId: v.fundId ? Number(v.fundId) : null,
      storyHtml: v.storyHtml,
      matchText: v.matchText.trim() || null,
      matchCapCents: v.matchCap ? parseDollars(v.matchCap) : null,
      thankYouText: v.thankYouText.trim() || null,
      // Only an owner changes the cover; a bookkeeper's save leaves it as it is.
      ...(photos ? { coverPhotoId: v.coverPhotoId } : {}),
      showRecentGifts: v.showRecentGifts,
    };
    const done = {
      onSuccess: (a: AppealAdminDto) => {
        toast({
          title: appeal ? 'Appeal Saved' : 'Appeal Created',
          description: `${a.page.name} (/give/${a.page.slug})`,
        });
        onDone();
      },
      onError: (err: unknown) => setServerError(errorMessage(err, 'The appeal could not be saved')),
    };
    if (appeal) update.mutate({ id: appeal.id, ...body }, done);
    else create.mutate(body, done);
  };

  return (
    <Card as="section" aria-labelledby={titleId}>
      <CardHeader
        title={appeal ? `Edit ${appeal.page.name}` : 'New Appeal'}
        titleId={titleId}
        titleAs="h2"
        description="A new appeal is a draft: nobody sees it until you publish it."
      />
      <CardContent>
        <form
          className="adm-form"
          onSubmit={submit}
          noValidate
          aria-describedby={serverError ? 'appeal-error' : undefined}
        >
          {serverError && (
            <p id="appeal-error" role="alert" className="field__error">
              {serverError}
            </p>
          )}
          <div className="adm-form__grid">
            <TextField
              ref={nameRef}
              id="appeal-name"
              label="Name"
              maxLength={100}
              value={v.name}
              onChange={set('name')}
              error={errors.name}
              aria-required="true"
            />
            <TextField
              id="appeal-slug"
              label="Short address"
              hint="The page's address: /give/ followed by this, like van"
              maxLength={40}
              value={v.slug}
              onChange={set('slug')}
              error={errors.slug}
              aria-required="true"
            />
            <SelectField
              id="appeal-goal-kind"
              label="Goal counts"
              value={v.goalKind}
              onValueChange={(x) => setV({ ...v, goalKind: x as Values['goalKind'] })}
              options={GOAL_KINDS.map((k) => ({ value: k, label: GOAL_LABELS[k] }))}
            />
            <TextField
              id="appeal-goal"
              label={v.goalKind === 'dollars' ? 'Goal (dollars)' : 'Goal (number)'}
              inputMode={v.goalKind === 'dollars' ? 'decimal' : 'numeric'}
              value={v.goal}
              onChange={set('goal')}
              error={errors.goal}
              aria-required="true"
            />
            <TextField
              id="appeal-starts"
              type="date"
              label="First day"
              hint="In the school's time zone"
              value={v.startsOn}
              onChange={set('startsOn')}
              error={errors.startsOn}
              aria-required="true"
            />
            <TextField
              id="appeal-ends"
              type="date"
              label="Last day"
              hint="Gifts are taken until the end of this day"
              value={v.endsOn}
              onChange={set('endsOn')}
              error={errors.endsOn}
              aria-required="true"
            />
            <SelectField
              id="appeal-fund"
              label="Fund"
              value={v.fundId}
              onValueChange={(x) => setV({ ...v, fundId: x })}
              options={[
                { value: '', label: "Donor's choice" },
                ...funds.filter((f) => !f.archived).map((f) => ({ value: String(f.id), label: f.name })),
              ]}
            />
            <TextField
              id="appeal-match"
              label="Match (optional)"
              hint="For example: Every gift doubled up to $5,000 by the Smith Family Foundation"
              maxLength={300}
              value={v.matchText}
              onChange={set('matchText')}
            />
            <TextField
              id="appeal-match-cap"
              label="Match cap (dollars, optional)"
              inputMode="decimal"
              value={v.matchCap}
              onChange={set('matchCap')}
              error={errors.matchCap}
            />
          </div>
          <PhotoField
            legend="Cover photo (optional)"
            photoId={v.coverPhotoId}
            photo={v.coverPhoto}
            pickPhoto={photos?.pickPhoto}
            none="No cover photo. A cover shows at the top of the appeal's page."
            noPicker="Only an owner can change the cover photo."
            onChange={(coverPhotoId, coverPhoto) => setV((x) => ({ ...x, coverPhotoId, coverPhoto }))}
          />
          <RichTextEditor
            id="appeal-story"
            label="Story"
            value={v.storyHtml}
            onChange={(storyHtml) => setV((x) => ({ ...x, storyHtml }))}
            onInsertImage={photos?.onInsertImage}
          />
          <TextAreaField
            id="appeal-thanks"
            label="Thank-you paragraph (optional)"
            hint="Shown after a gift and in the acknowledgment e-mail, above the tax text."
            rows={3}
            maxLength={1000}
            value={v.thankYouText}
            onChange={set('thankYouText')}
          />
          <div className="adm-check">
            <input
              id="appeal-recent-gifts"
              type="checkbox"
              checked={v.showRecentGifts}
              onChange={(e) => setV({ ...v, showRecentGifts: e.target.checked })}
              aria-describedby="appeal-recent-gifts-hint"
            />
            <div>
              <label htmlFor="appeal-recent-gifts" className="label">
                Show recent gifts on the page
              </label>
              <FieldHint id="appeal-recent-gifts-hint">
                Lists the latest gifts by first name and city, only of donors who chose &quot;Show my name&quot;.
              </FieldHint>
            </div>
          </div>
          <div className="adm-actions">
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : appeal ? 'Save Appeal' : 'Create Appeal'}
            </Button>
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
