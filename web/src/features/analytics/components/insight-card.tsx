import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';

/** One figure of the Insights tab with its one-line definition. */
export function InsightRow({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="adm-insight">
      <dt>{label}</dt>
      <dd>
        <span className="adm-insight__value">{value}</span>
        {note && <span className="adm-insight__note">{note}</span>}
      </dd>
    </div>
  );
}

export function InsightCard({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} description={description} actions={actions} />
      <CardContent>
        <dl className="adm-insights">{children}</dl>
      </CardContent>
    </Card>
  );
}
