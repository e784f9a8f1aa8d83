import type { UserSortField } from '@domain/admin/rules';
/** The admin API's answers, as the pages read them. */

export interface UserOverview {
  id: string;
  email: string;
  credits: number;
  creditThreshold: number | null;
  totalLookups: number;
  successfulLookups: number;
  lookups24h: number;
  lookups7d: number;
  successRate: number;
  lastActivity: string | null;
  createdAt: string;
  referralType: string;
}

export interface UserConfiguration {
  email: string;
  has_contact_config: boolean;
  has_company_config: boolean;
  config_status: 'fully_configured' | 'contact_only' | 'company_only' | 'none';
  connected_portals: number;
  created_at: string;
}

/** A page of one of the admin's user tables. */
export interface PageQuery {
  search: string;
  limit: number;
  offset: number;
}

export interface UsersQuery extends PageQuery {
  sort: UserSortField;
  direction: 'asc' | 'desc';
}

export interface UsersPage {
  users: UserOverview[];
  total: number;
}

export interface UserConfigurationsPage {
  user_details: UserConfiguration[];
  total: number;
}

export interface DashboardPayload {
  systemStats: {
    totalUsers: number;
    newUsers7d: number;
    successRate: number;
    successfulLookups: number;
    activeUsers24h: number;
    activeUsers7d: number;
    totalCreditsRemaining: number;
    avgCreditsPerUser: number;
  };
  recentActivity: {
    id: string;
    email: string;
    successful: boolean;
    zipcode: string;
    timestamp: string;
    reason: string | null;
    userCredits: number;
  }[];
  userOverview: UserOverview[];
  creditDistribution: { credit_range: string; user_count: number }[];
  failureAnalysis: {
    reason: string;
    count: number;
    affected_users: number;
    count_24h: number;
    count_7d: number;
  }[];
  topPerformers: { email: string; successful_all_time: number; successful_7d: number; credits: number }[];
  referralStats: {
    referral_type: string;
    user_count: number;
    total_lookups: number;
    avg_lookups: number;
    total_credits: number;
  }[];
  hubspotStats: { connected_users: number; configured_portals: number };
  recentSignups: {
    email: string;
    created_at: string;
    referral_type: string;
    credits: number;
    lookups_since_signup: number;
    last_lookup: string | null;
  }[];
  creditAlerts: {
    email: string;
    credits: number;
    credit_threshold: number;
    credits_below_threshold: number;
    recent_lookups: number;
  }[];
  chartData: { date: string; successful_count: number; failed_count: number }[];
  userEngagement: { engagement_level: string; user_count: number; avg_lookups: number }[];
  timeBasedAnalytics: {
    hour: number;
    total_lookups: number;
    successful_lookups: number;
    success_rate: number;
  }[];
  creditConsumptionTrends: {
    date: string;
    active_users: number;
    credits_consumed: number;
    avg_credits_per_user: number;
    success_rate: number;
  }[];
  portalAnalytics: {
    portal_id: string;
    unique_users: number;
    total_lookups: number;
    success_rate: number;
    last_activity: string;
  }[];
  performanceMetrics: {
    requests_last_hour: number;
    avg_requests_per_hour: number;
    peak_requests_per_hour: number;
  } | null;
  propertyConfigurationReport: {
    users_no_config: number;
    users_contact_only: number;
    users_company_only: number;
    users_fully_configured: number;
    total_users_with_connections: number;
    users_not_connected: number;
    user_details: UserConfiguration[];
  };
}

export interface LogEntry {
  id: string;
  timestamp: string;
  level: string;
  message: string;
  userId: string | null;
  userEmail: string | null;
  requestId: string | null;
  sourceFile: string | null;
  sourceFunction: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  stackTrace: string | null;
  metadata: Record<string, unknown>;
  isGrouped?: boolean;
  requestLogs?: LogEntry[];
  stepCount?: number;
  duration?: number;
  status?: 'error' | 'warning' | 'success';
}

export type Period = '1h' | '24h' | '7d' | '30d';

export interface LogStats {
  requestStats: {
    successful_requests: number;
    failed_requests: number;
    total_requests: number;
    success_rate: number;
    active_users: number;
  };
  performanceStats: {
    avg_response_time: number;
    has_sufficient_data: boolean;
    data_span_hours: number;
    requested_period_hours: number;
  };
  topErrors: { message: string; level: string; count: number; affected_users: number }[];
  logStats: { error_logs: number; warning_logs: number };
  lostLogLines: number;
  period: Period;
}

export interface LogFilters {
  level: string;
  search: string;
  startDate: string;
  endDate: string;
  userId: string;
  requestId: string;
  sourceFile: string;
  lookupOnly: boolean;
  groupByRequest: boolean;
  limit: number;
  offset: number;
}

export interface LogResponse {
  logs: LogEntry[];
  pagination: { total: number; hasMore: boolean; totalCapped?: boolean };
  stats: LogStats;
  grouped: boolean;
}

export interface CreditChange {
  at: string;
  kind: string;
  change: number;
  balanceAfter: number;
  description: string;
  cause: Record<string, string | number | null | undefined>;
}

export interface CreditHistory {
  userId: string;
  email: string;
  balance: number;
  entries: CreditChange[];
}
