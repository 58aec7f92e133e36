import { appealFigures } from '../../../../../core/src/appeals/appeal-figures';
import { formatUsd } from '../../../../../core/src/gifts/money';
import type { AppealPublicDto } from '../../../lib/api-types';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const UNIT: Record<string, [string, string]> = {
  donors: ['donor', 'donors'],
  new_monthly_donors: ['new monthly donor', 'new monthly donors'],
};

/** "$3,250.00 raised of a $5,000.00 goal (65%)" (or donors): the words of the bar's label and its aria-valuetext. */
export function progressText(appeal: AppealPublicDto): string {
  const f = appealFigures(appeal);
  const say = (n: number) => (appeal.goalKind === 'dollars' ? formatUsd(n) : count(n, ...UNIT[appeal.goalKind]));
  const now = appeal.goalKind === 'dollars' ? `${formatUsd(f.progress)} raised` : say(f.progress);
  return f.goal === null ? now : `${now} of a ${say(f.goal)} goal (${f.percentOfGoal}%)`;
}

/**
 * The goal bar: a real progressbar for assistive technology (value, bounds and the sentence above it as
 * aria-valuetext), drawn with plain elements so it can be styled the same in every browser. The figures are
 * core's (appealFigures), the same the Appeals report and the board PDF show.
 */
export function AppealProgressBar({ appeal }: { appeal: AppealPublicDto }) {
  const f = appealFigures(appeal);
  const text = progressText(appeal);
  const shown = Math.min(100, f.percentOfGoal);
  return (
    <div className="appeal-progress">
      <p className="appeal-progress__label" id="appeal-progress-label">
        <strong>{text}</strong>
      </p>
      {f.goal !== null && (
        <div
          className="appeal-progress__track"
          role="progressbar"
          aria-labelledby="appeal-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={shown}
          aria-valuetext={text}
        >
          <div className="appeal-progress__fill" style={{ width: `${shown}%` }} />
        </div>
      )}
    </div>
  );
}

/** The facts beside the bar: donors, days left (or when it opens), and the match line. */
export function AppealFacts({ appeal }: { appeal: AppealPublicDto }) {
  return (
    <ul className="appeal-facts">
      <li>
        <strong>{appeal.donorCount.toLocaleString('en-US')}</strong> {appeal.donorCount === 1 ? 'donor' : 'donors'}
      </li>
      {appeal.state === 'open' && (
        <li>
          {appeal.daysLeft <= 1 ? (
            <strong>Last day to give</strong>
          ) : (
            <>
              <strong>{appeal.daysLeft}</strong> days left
            </>
          )}
        </li>
      )}
    </ul>
  );
}

/** "Every gift doubled up to $5,000 by the Smith Family Foundation" and what is matched so far (never charged). */
export function MatchLine({ appeal }: { appeal: AppealPublicDto }) {
  if (!appeal.matchText?.trim()) return null;
  return (
    <p className="appeal-match">
      {appeal.matchText}
      {appeal.matchedCents > 0 && <> Matched so far: {formatUsd(appeal.matchedCents)}.</>}
    </p>
  );
}
