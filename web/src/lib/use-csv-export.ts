import { useState } from 'react';
import { toast } from '../components/ui/use-toast';
import { errorMessage } from './api-client';

/**
 * A CSV download started from a button: `exporting` while it runs (the button says so and is disabled), then a
 * 'Download Started' notice naming the file, or an 'Error' notice with the server's reason (`failure` when none).
 * `what` names the rows in the notice: 'Transaction data' exported to ...
 */
export function useCsvExport(what: string, failure: string) {
  const [exporting, setExporting] = useState(false);
  const run = async (download: () => Promise<string>) => {
    setExporting(true);
    try {
      const filename = await download();
      toast({ title: 'Download Started', description: `${what} exported to ${filename}` });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, failure), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
