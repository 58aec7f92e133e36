import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { appealUrl, embedSnippet } from '../../../../../core/src/appeals/appeal-share';
import type { AppealReportRowDto } from '../../../lib/api-types';

/**
 * What staff hand out for an appeal: its address, the printable QR code (PNG for the newsletter, SVG for print
 * at any size) and the "Donate" button partner sites paste (a plain link with inline style: no script, no frame).
 */
export function AppealSharePanel({ appeal }: { appeal: AppealReportRowDto }) {
  const url = appealUrl(window.location.origin, appeal.slug);
  const snippet = embedSnippet(url, appeal.name);
  const download = (ext: 'png' | 'svg') =>
    downloadFile(`/api/admin/appeals/${appeal.id}/qr.${ext}`, `appeal_${appeal.slug}_qr.${ext}`).catch((err) =>
      toast({
        title: 'Download Failed',
        description: errorMessage(err, 'The QR code could not be made'),
        variant: 'destructive',
      }),
    );
  const copy = (text: string, what: string) =>
    navigator.clipboard.writeText(text).then(
      () => toast({ title: 'Copied', description: `${what} copied to the clipboard.` }),
      () =>
        toast({ title: 'Copy failed', description: 'Select the text and copy it by hand.', variant: 'destructive' }),
    );
  return (
    <div className="stack">
      <p>
        Page: <a href={url}>{url}</a>
      </p>
      <div className="adm-toolbar">
        <Button variant="outline" onClick={() => void download('png')}>
          QR code (PNG)<span className="sr-only"> for {appeal.name}</span>
        </Button>
        <Button variant="outline" onClick={() => void download('svg')}>
          QR code (SVG)<span className="sr-only"> for {appeal.name}</span>
        </Button>
        <Button variant="outline" onClick={() => void copy(url, 'The link')}>
          Copy link
        </Button>
      </div>
      <label htmlFor={`embed-${appeal.id}`}>
        <strong>Donate button for partner sites</strong> (paste this HTML into their page)
      </label>
      <textarea id={`embed-${appeal.id}`} className="input textarea" readOnly rows={4} value={snippet} />
      <div>
        <Button variant="outline" onClick={() => void copy(snippet, 'The button code')}>
          Copy button code
        </Button>
      </div>
      <p>
        Preview: <span dangerouslySetInnerHTML={{ __html: snippet }} />
      </p>
    </div>
  );
}
