import { appealProgress } from '../../../../../core/src/appeals/appeal-figures';
import { formatUsd } from '../../../../../core/src/gifts/money';
import type { AppealPublicDto } from '../../../lib/api-types';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "$3,250.00 raised of a $5,000.00 goal" (or donors), the words the bar's aria-valuetext and its label share. */
export function progressText(appeal: AppealPublicDto): string {
  const p = appealProgress(appeal);
  const now = p.unit === 'cents' ? `${formatUsd(p.current)} raised` : plural(p.current, p.unit.replace(/s$/, ''));
  if (p.goal === null) return now;
  const goal = p.unit === 'cents' ? formatUsd(p.goal) : plural(p.goal, p.unit.replace(/s$/, ''));
  return `${now} of a ${goal} goal (${p.percent}%)`;
}

/**
 * The goal bar: a real progressbar for assistive technology (value, bounds and the sentence above it as
 * aria-valuetext), drawn with plain elements so it can be styled the same in every browser. The figures are
 * core's (appealProgress), the same the Appeals report and the board PDF show.
 */
export function AppealProgressBar({ appeal }: { appeal: AppealPublicDto }) {
  const p = appealProgress(appeal);
  const text = progressText(appeal);
  const shown = Math.min(100, p.percent ?? 0);
  return (
    <div className="appeal-progress">
      <p className="appeal-progress__label" id="appeal-progress-label">
        <strong>{text}</strong>
      </p>
      {p.goal !== null && (
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
