import { WebsiteScreen } from './website-screen';

/** /admin/website/news: the Website section's News (its editor plugs in here from web/src/features/website-news/). */
export default function WebsiteNewsRoute() {
  return <WebsiteScreen title="News">{() => <p className="adm-empty">News editing is coming soon.</p>}</WebsiteScreen>;
}
