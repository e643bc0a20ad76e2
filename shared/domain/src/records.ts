import type { BoardType, ProjectState, TicketStatus } from './project-status';
import type { TierId } from './tiers';
import type { PreferredSlot } from './schemas/preferred-slot';
import type { InboxKind } from './schemas/projects';

// The records the API answers with (routes/*.ts name them as responses); both portals render them.

/** A project as the API returns it (spec section 3). Money in whole dollars. */
/** The status fields are the state machine's own (ProjectState), stated once. */
export interface Project extends Omit<ProjectState, 'tier'> {
  id: string;
  title: string;
  description: string;
  /** Null for a general consultation. */
  tier: TierId | null;
  client_id: string | null;
  client_name: string;
  client_email: string;
  company: string | null;
  cost: number | null;
  downpayment: number | null;
  stripe_price_id: string | null;
  stripe_payment_intent_id: string | null;
  stripe_customer_id: string | null;
  monthly_budget_range: string | null;
  timeline: string | null;
  final_payment_amount: number | null;
  created_at: string;
  /** Tiers 3 and 4: how Stripe's billing of the monthly subscription stands (null before it starts). */
  subscription_status: SubscriptionStatus | null;
  /**
   * A consultation request's preferred date and time on the sender's clock, with their time zone (null when none
   * was given). Absent from answers of API releases built before it.
   */
  preferred_slot?: PreferredSlot | null;
  /** The latest proposal version sent (issue 33); null before one was sent. Absent from older API releases. */
  proposal_version?: number | null;
  /** The proposal version the client signed, once the approval went through; null before. */
  signed_version?: number | null;
}

/** A subscription as the portals show it: `past_due` after a failed renewal, until an invoice is paid. */
export type SubscriptionStatus = 'active' | 'past_due' | 'cancelled';

export interface Ticket {
  id: string;
  title: string;
  description: string | null;
  project_id: string;
  client_id: string | null;
  board_type: BoardType;
  status: TicketStatus;
  assignee: string | null;
  created_at: string;
}

export interface Profile {
  id: string;
  full_name: string | null;
  email: string;
}

export interface RefundOutcome {
  refundIssued: boolean;
  /** Whole dollars refunded (0 when none). */
  refundAmount: number;
}

/** Response shapes of the money routes (spec section 7); the payments module implements them. */
export interface PenaltyQuoteResponse {
  hasPenalty: boolean;
  penaltyAmount: number;
  monthsRemaining: number;
  subscriptionFee: number;
}

export interface SubscriptionPlan {
  stripe_price_id: string;
  monthly_cost: number;
  tier: 3 | 4;
}

/** One message of the admin's inbox: a contact message, or a consultation request with its project. */
export interface InboxItem {
  id: string;
  kind: InboxKind;
  name: string;
  email: string;
  company: string | null;
  message: string;
  at: string;
  readAt: string | null;
  /** The project this message is linked to (a consultation's own project; a contact message once linked). */
  projectId?: string | null;
  /** When the admin last replied from the Inbox (issue 34); null: not yet. */
  repliedAt?: string | null;
  consultation?: {
    projectId: string;
    tier: string;
    budget: string;
    timeline: string;
    preferredDate: string | null;
    preferredTime: string | null;
    /** The sender's IANA time zone; absent from API releases built before it, null on older requests. */
    preferredTimeZone?: string | null;
  };
}
