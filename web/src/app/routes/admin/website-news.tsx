import { NewsEditor } from '../../../features/website-news/components/news-editor';
import { WebsiteScreen } from './website-screen';

/** /admin/website/news: the Website section's News (owners and editors). */
export default function WebsiteNewsRoute() {
  return <WebsiteScreen title="News">{() => <NewsEditor />}</WebsiteScreen>;
}
