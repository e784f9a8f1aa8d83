import type { DailyUsage } from '@api/lookups/contract';
import { reasonBreakdown, refusalBreakdown } from '../../../lib/failure-reasons';

/**
 * The chart's numbers for screen readers: one row per day that had lookups. A table ignores a
 * 1 px width, so the hiding box is a wrapper that clips it.
 */
export function UsageTable({ days }: { days: DailyUsage[] }) {
  const active = days.filter((d) => d.successful_lookups + d.nothing_to_update + d.failed_lookups > 0);
  return (
    <div className="visually-hidden">
      <table>
        <caption>Lookups per day</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Successful</th>
            <th scope="col">Nothing to update</th>
            <th scope="col">Failed Lookups</th>
            <th scope="col">Failure reasons</th>
          </tr>
        </thead>
        <tbody>
          {active.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{day.successful_lookups}</td>
              <td>{day.nothing_to_update}</td>
              <td>{day.failed_lookups}</td>
              <td>
                {reasonBreakdown(day.failure_reasons)
                  .map(({ reason, label, count }) =>
                    reason === 'crm_validation_failed'
                      ? `${label}: ${count} (${refusalBreakdown(day.refused_values)
                          .map((r) => `${r.text}: ${r.count}`)
                          .join('; ')})`
                      : `${label}: ${count}`,
                  )
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
