import { sql } from 'kysely';
import {
  chartData,
  creditConsumptionTrends,
  failureAnalysis,
  portalAnalytics,
  recentActivity,
  timeBasedAnalytics,
  topPerformers,
} from '../../projections/admin/dashboard-lookups';
import { hubspotStats, propertyConfigurationReport } from '../../projections/admin/dashboard-portals';
import { DEFAULT_USER_PAGE_SIZE, DEFAULT_USER_SORT } from '../../domain/admin/rules';
import { creditAlerts, recentSignups } from '../../projections/admin/dashboard-users';
import {
  allAccounts,
  creditDistribution,
  referralStats,
  systemStats,
  userActivity,
  userEngagement,
} from '../../projections/admin/user-activity';
import { configurationCounts, configurationRows, usersPage } from '../../projections/admin/user-pages';
import { windowAt } from '../../projections/admin/window';
import type { ReadModelDb } from '../../projections/schema';
import type { OperationalDb } from '../db/operational';
import type { DashboardAnswer } from './contract';

/**
 * API requests of the last hour, and the average and busiest hour of the last 7 days, from the
 * hourly counters the log writer keeps; null when no request was counted in that week.
 */
export async function performanceMetrics(db: OperationalDb, now: Date) {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const [week, lastHour] = await Promise.all([
    sql<{ total: string | null; peak: number | null }>`
      SELECT sum(requests) AS total, max(requests) AS peak FROM request_stats_hourly
      WHERE hour >= ${weekAgo} AND hour <= ${now}`.execute(db),
    sql<{ n: string }>`
      SELECT count(*) AS n FROM request_logs
      WHERE timestamp > ${hourAgo} AND timestamp <= ${now} AND status_code IS NOT NULL`.execute(db),
  ]);
  const total = Number(week.rows[0]?.total ?? 0);
  if (total === 0) return null;
  return {
    requests_last_hour: Number(lastHour.rows[0]?.n ?? 0),
    avg_requests_per_hour: Math.round((total / 168) * 10) / 10,
    peak_requests_per_hour: week.rows[0]?.peak ?? 0,
  };
}

/**
 * The whole admin dashboard in one answer; every figure comes from a read model kept by
 * projections. The two per-user tables carry their first page, so the answer stays small and
 * fast however many accounts there are.
 */
export async function consolidatedDashboard(
  readModels: ReadModelDb,
  operational: OperationalDb,
  now: Date,
): Promise<DashboardAnswer> {
  const w = windowAt(now);
  const [
    users,
    signups,
    alerts,
    firstPage,
    activity,
    failures,
    performers,
    chart,
    hourly,
    trends,
    portals,
    performance,
    configurationByStatus,
    configurationFirstPage,
  ] = await Promise.all([
    userActivity(readModels, w),
    recentSignups(readModels),
    creditAlerts(readModels, w),
    usersPage(readModels, w, {
      sort: DEFAULT_USER_SORT.field,
      direction: DEFAULT_USER_SORT.direction,
      limit: DEFAULT_USER_PAGE_SIZE,
      offset: 0,
    }),
    recentActivity(readModels, w),
    failureAnalysis(readModels, w),
    topPerformers(readModels, w),
    chartData(readModels, w),
    timeBasedAnalytics(readModels, w),
    creditConsumptionTrends(readModels, w),
    portalAnalytics(readModels),
    performanceMetrics(operational, now),
    configurationCounts(readModels),
    configurationRows(readModels, { limit: DEFAULT_USER_PAGE_SIZE, offset: 0 }),
  ]);
  return {
    systemStats: systemStats(users),
    recentActivity: activity,
    userOverview: firstPage.users,
    creditDistribution: creditDistribution(users),
    failureAnalysis: failures,
    topPerformers: performers,
    referralStats: referralStats(users),
    hubspotStats: hubspotStats(configurationByStatus),
    recentSignups: signups,
    creditAlerts: alerts.listed,
    creditAlertsTotal: alerts.total,
    chartData: chart,
    userEngagement: userEngagement(users),
    timeBasedAnalytics: hourly,
    creditConsumptionTrends: trends,
    portalAnalytics: portals,
    performanceMetrics: performance,
    propertyConfigurationReport: propertyConfigurationReport(
      configurationByStatus,
      configurationFirstPage,
      allAccounts(users),
    ),
    generatedAt: now.toISOString(),
  };
}
