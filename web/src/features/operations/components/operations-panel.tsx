import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useOperations } from '../api/get-operations';
import { FailedEventsCard, FailedJobsCard } from './failed-lists';
import { PipelineSummary } from './pipeline-summary';

/** The whole Operations page below its header: the pipeline's state, then what failed, with retry and replay for owners. */
export function OperationsPanel({ canAct }: { canAct: boolean }) {
  const ops = useOperations(true);
  if (ops.isPending) return <Spinner label="Loading the queues and the inbox" />;
  if (ops.isError) return <Alert variant="destructive">{ops.error.message}</Alert>;
  const d = ops.data;
  return (
    <>
      {d.queueError && (
        <Alert variant="warning">
          The job queue (Redis) did not answer: {d.queueError}. Stored events are safe and will be projected once it is
          back.
        </Alert>
      )}
      <PipelineSummary inbox={d.inbox} queues={d.queues} />
      <FailedEventsCard events={d.failedEvents} canAct={canAct} />
      <FailedJobsCard jobs={d.failedJobs} canAct={canAct} />
    </>
  );
}
