import { schoolToday } from '../../../lib/school-dates';
import { useEffect, useState } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';

/** Start max is the end date or today; end min is the start, max today. Both are required. */
export function CustomDateRangeDialog({
  open,
  initialStart,
  initialEnd,
  onApply,
  onCancel,
}: {
  open: boolean;
  initialStart?: string;
  initialEnd?: string;
  onApply: (start: string, end: string) => void;
  onCancel: () => void;
}) {
  const [start, setStart] = useState(initialStart ?? '');
  const [end, setEnd] = useState(initialEnd ?? '');
  useEffect(() => {
    if (open) {
      setStart(initialStart ?? '');
      setEnd(initialEnd ?? '');
    }
  }, [open, initialStart, initialEnd]);
  const today = schoolToday();

  const apply = () => {
    if (!start || !end) {
      toast({
        title: 'Invalid Date Range',
        description: 'Please select both start and end dates.',
        variant: 'destructive',
      });
      return;
    }
    onApply(start, end);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      size="sm"
      title="Custom Date Range"
      description="Show transactions between two dates (inclusive)."
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={apply}>Apply Filter</Button>
        </>
      }
    >
      <div className="adm-form">
        <TextField
          label="Start Date"
          type="date"
          name="start_date"
          value={start}
          max={end || today}
          onChange={(e) => setStart(e.target.value)}
        />
        <TextField
          label="End Date"
          type="date"
          name="end_date"
          value={end}
          min={start || undefined}
          max={today}
          onChange={(e) => setEnd(e.target.value)}
        />
      </div>
    </Dialog>
  );
}
