import type { ConfigStatus, UserSortField } from '../../domain/admin/rules';
import type { CreditChange } from '../../domain/admin/credit-history';
import type { LookupOutcome, LookupSource } from '../../domain/lookups/events';

/*
 * The admin API's answers as they travel: the server builds them to these types and the web app
 * reads them by the same ones (dates are ISO strings, as JSON holds them).
 */

/** A row of the Users table: an account's figures, the last 24 hours and the success rate. */
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
  /** Null for a deleted account: no "last seen" is shown for it. */
  lastActivity: string | null;
  createdAt: string;
  referralType: string;
  /** Deleted by its owner: shown as Deleted and left out of the user and credit totals. */
  deleted: boolean;
}

/** A row of the Property Configuration table: a user with a connected portal and what it maps. */
export interface UserConfiguration {
  email: string;
  has_contact_config: boolean;
  has_company_config: boolean;
  config_status: ConfigStatus;
  connected_portals: number;
  created_at: string;
}

/** A page of one of the user tables, as asked for (and echoed in the answer). */
export interface PageQuery {
  /** Case-insensitive substring of the e-mail. */
  search?: string;
  limit: number;
  offset: number;
}

export interface UsersQuery extends PageQuery {
  sort: UserSortField;
  direction: 'asc' | 'desc';
}

/** GET /api/auth/admin/users */
export interface UsersAnswer extends UsersQuery {
  users: UserOverview[];
  total: number;
}

/** GET /api/auth/admin/user-configurations */
export interface UserConfigurationsAnswer extends PageQuery {
  user_details: UserConfiguration[];
  total: number;
}

/** GET /api/auth/admin/users/:id/credit-history: every change of the balance, oldest first. */
export interface CreditHistoryAnswer {
  userId: string;
  email: string;
  balance: number;
  entries: CreditChange[];
}

/** GET /api/auth/admin/dashboard-consolidated: the whole dashboard in one answer. */
export interface DashboardAnswer {
  systemStats: {
    totalUsers: number;
    newUsers7d: number;
    /** 0 while there are no finished lookups, when successRate is 0 and means nothing. */
    totalLookups: number;
    successRate: number;
    successfulLookups: number;
    activeUsers24h: number;
    activeUsers7d: number;
    totalCreditsRemaining: number;
    avgCreditsPerUser: number;
    /** Deleted accounts, left out of every figure above but the lookups. */
    deletedUsers: number;
    /** The credits deleted accounts held when deleted, apart from totalCreditsRemaining. */
    deletedUsersCredits: number;
  };
  recentActivity: {
    id: string;
    email: string;
    successful: boolean;
    /** How it ended: nothing_to_update is neither a success nor a failure. */
    outcome: LookupOutcome;
    zipcode: string;
    /** Where the lookup came from: webhook, workflow or backfill. */
    source: LookupSource;
    timestamp: string;
    reason: string | null;
    userCredits: number;
  }[];
  /** The Users table's first page; /api/auth/admin/users serves the others. */
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
    /** Null for a deleted account. */
    last_lookup: string | null;
    deleted: boolean;
  }[];
  /** The users furthest below their threshold, at most 50; creditAlertsTotal counts them all. */
  creditAlerts: {
    email: string;
    credits: number;
    credit_threshold: number;
    credits_below_threshold: number;
    recent_lookups: number;
  }[];
  creditAlertsTotal: number;
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
  /** Null when no request was counted in the last 7 days. */
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
    /** The table's first page; /api/auth/admin/user-configurations serves the others. */
    user_details: UserConfiguration[];
  };
  generatedAt: string;
}
