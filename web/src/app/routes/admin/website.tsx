import { WebsiteScreen } from './website-screen';

/** /admin/website: the Website section, on its Pages part (owners and editors; an editor lands here). */
export default function WebsitePagesRoute() {
  return (
    <WebsiteScreen title="Website" subtitle="The public site's pages: edit, preview, publish.">
      {() => <p className="adm-empty">Page editing is coming soon.</p>}
    </WebsiteScreen>
  );
}
