import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { PhotoPicture } from '../../../components/photo-picture';
import { RichText } from '../../../components/rich-text/rich-text';
import { buttonClass } from '../../../components/ui/button';
import { titled, usePageMeta } from '../../../lib/page-meta';
import { school } from '../../../content/school';
import { appealMeta } from '../../../../../core/src/site/page-meta';
import { schoolDate } from '../../../lib/school-dates';
import type { AppealPublicDto } from '../../../lib/api-types';
import { appealQueryKey, useAppeal } from '../api/get-appeal';
import { AppealFacts, AppealProgressBar, MatchLine } from './progress-bar';
import { RecentGifts } from './recent-gifts';
import { ShareBlock } from './share-block';

/** An appeal that is not open: says so, and where to give instead (the general donate page). */
function NotOpen({ appeal }: { appeal: AppealPublicDto }) {
  const upcoming = appeal.state === 'upcoming';
  return (
    <Alert variant="default" className="appeal-closed">
      <AlertTitle>{upcoming ? 'This appeal has not started yet' : 'This appeal has ended'}</AlertTitle>
      <AlertDescription>
        <p>
          {upcoming
            ? `It opens on ${schoolDate(appeal.startsAt)}.`
            : 'Thank you to everyone who gave. It no longer takes gifts.'}{' '}
          You can still support the school on our general donation page.
        </p>
        <p>
          <a className={buttonClass({ size: 'lg' })} href="/donate">
            Give on the donate page
          </a>
        </p>
      </AlertDescription>
    </Alert>
  );
}

/**
 * /give/:slug: the appeal's story, its progress (the read model's totals), the recent named gifts, the share
 * block and, while the appeal is open, the donate form inline, every gift tagged with the appeal. The form is the
 * donate feature's, handed in by the route (features do not import each other); `onGiven` refreshes the bar.
 */
export function AppealPage({
  slug,
  donationForm,
}: {
  slug: string;
  donationForm: (appeal: AppealPublicDto, onGiven: () => void) => ReactNode;
}) {
  const { data: appeal, error, isPending } = useAppeal(slug);
  const queryClient = useQueryClient();
  usePageMeta(appeal ? appealMeta(appeal, school.name) : titled('Appeal', 'A fundraising appeal.'));
  if (isPending) return <div className="page-loading" role="status" aria-label="Loading" />;
  if (error || !appeal)
    return (
      <section className="container not-found">
        <h1>Appeal not found</h1>
        <p>There is no appeal at this address. It may have been archived, or the address may have a typo.</p>
        <p>
          <a className={buttonClass({ size: 'lg' })} href="/donate">
            Give on the donate page
          </a>
        </p>
      </section>
    );
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>{appeal.name}</h1>
        </div>
      </header>
      <section className="section">
        <div className="container donate-grid">
          <div className="stack">
            {appeal.coverPhoto && (
              <PhotoPicture
                className="appeal-cover"
                image={appeal.coverPhoto.image}
                alt={appeal.coverPhoto.alt}
                sizes="(min-width: 1024px) 540px, calc(100vw - 2rem)"
                priority
              />
            )}
            <div className="appeal-summary stack">
              <AppealProgressBar appeal={appeal} />
              <AppealFacts appeal={appeal} />
              <MatchLine appeal={appeal} />
            </div>
            {/* Sanitised on the server (core's rich-text rule) when staff saved it and again when it is served. */}
            <RichText className="appeal-story" html={appeal.storyHtml} />
            <RecentGifts gifts={appeal.recentGifts} />
            <ShareBlock slug={appeal.slug} name={appeal.name} />
          </div>
          {appeal.state === 'open' ? (
            donationForm(appeal, () => void queryClient.invalidateQueries({ queryKey: appealQueryKey(slug) }))
          ) : (
            <NotOpen appeal={appeal} />
          )}
        </div>
      </section>
    </>
  );
}
