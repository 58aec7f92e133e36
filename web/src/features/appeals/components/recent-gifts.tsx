import type { AppealPublicDto } from '../../../lib/api-types';

/** The latest gifts whose donors chose "Show my name": first name and city only, never an amount. */
export function RecentGifts({ gifts }: { gifts: AppealPublicDto['recentGifts'] }) {
  if (gifts.length === 0) return null;
  return (
    <section className="appeal-recent" aria-labelledby="appeal-recent-title">
      <h2 id="appeal-recent-title">Recent gifts</h2>
      <ul>
        {gifts.map((g, i) => (
          <li key={i}>
            {g.firstName}
            {g.city ? ` from ${g.city}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
