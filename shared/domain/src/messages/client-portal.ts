import { formatUsd } from '../money';
import type { ProjectSort } from '../schemas/projects';
import { PAYMENT_MESSAGES } from '../payments-messages';
import { SUBSCRIPTION_STATUS_LABELS } from '../payment-history';
import { VALIDATION } from './validation';
import { PORTAL_MESSAGES } from './portal';

/** Texts of the client dashboard (spec sections 2, 4, 5, 6 and 8). */
export const CLIENT_MESSAGES = {
  title: 'Client Dashboard',
  welcome: (name: string) => `Welcome, ${name}`,
  header: {
    requestService: 'Request Service',
    profile: 'Profile',
    logout: 'Logout',
    loggingOut: 'Logging out...',
  },
  loading: 'Loading your projects...',
  live: PORTAL_MESSAGES.live,
  loadFailed: "We're having trouble loading your projects.",
  retry: 'Try again',
  tabs: {
    pending: 'Pending Projects',
    active: 'Active Projects',
    completed: 'Completed Projects',
    rejected: 'Rejected Projects',
    finalPayment: 'Final Payment',
  },
  tabCount: (count: number) => `${count} ${count === 1 ? 'project' : 'projects'}`,
  empty: {
    pending: 'You have no pending projects.',
    active: 'You have no active projects.',
    completed: 'You have no completed projects yet.',
    rejected: 'You have no rejected projects.',
    finalPayment: 'No projects are awaiting a final payment.',
  },
  project: {
    tier: 'Service',
    cost: 'Cost',
    perMonth: '/month',
    requested: 'Requested',
    budget: 'Budget',
    timeline: 'Timeline',
    cancellationReason: 'Cancellation reason',
    finalPaymentDue: 'Final payment due',
    generalConsultation: 'General Consultation',
    awaitingNote: 'We have reviewed your request. Approve the proposal to start the project, or refuse it.',
    /** What each button of a pending card does (issue 33). */
    choices: (awaiting: boolean, refund: number | null) =>
      [
        awaiting ? 'Approve: read and sign the proposal.' : null,
        awaiting ? 'Refuse: decline this proposal; the request ends.' : null,
        'Cancel Request: withdraw your request.',
        refund ? `Either way your ${formatUsd(refund)} deposit is refunded in full.` : null,
      ]
        .filter(Boolean)
        .join(' '),
  },
  actions: {
    approve: 'Approve',
    refuse: 'Refuse',
    cancelProject: 'Cancel Project',
    cancelRequest: 'Cancel Request',
    payFinal: (amount: number) => `Pay ${formatUsd(amount)}`,
    showBoard: 'Show Board',
    hideBoard: 'Hide Board',
    keep: 'Keep Project',
    back: 'Back',
    close: 'Close',
    checkingPenalty: 'Checking...',
    payments: 'Payments',
    updateCard: 'Update Card',
    activity: 'Activity',
  },
  list: {
    search: 'Search',
    searchPlaceholder: 'Project name or description',
    tier: 'Service',
    allTiers: 'All services',
    sort: 'Sort',
    sorts: { newest: 'Newest first', oldest: 'Oldest first', title: 'Name (A-Z)' } satisfies Record<
      ProjectSort,
      string
    >,
    filtersLabel: (tab: string) => `Search and sort ${tab}`,
    noMatches: 'No projects match the search.',
    loading: 'Loading projects...',
    loadFailed: "We're having trouble loading your projects.",
    retry: 'Try again',
    pagesLabel: (tab: string) => `${tab} pages`,
    pageStatus: (page: number, pages: number, total: number) =>
      `Page ${page} of ${pages} (${total} ${total === 1 ? 'project' : 'projects'})`,
  },
  notifications: PORTAL_MESSAGES.notifications,
  activity: PORTAL_MESSAGES.activity,
  boards: {
    main: 'Project Board',
    maintenance: 'Maintenance Board',
    delivered: 'Delivered Project Board',
    readOnly: 'Read-only: our team moves tickets as work progresses.',
    deliveredNote: 'Read-only: the work as it was delivered.',
    empty: 'No tickets',
    assignedTo: (assignee: string) => `Assigned to ${assignee}`,
    count: (count: number) => `${count} ${count === 1 ? 'ticket' : 'tickets'}`,
    showMore: (count: number, column: string) => `Show ${count} more in ${column}`,
    showFewer: (column: string) => `Show fewer in ${column}`,
    loading: 'Loading the board...',
    loadFailed: 'The board could not be loaded.',
    showBoards: 'Show Boards',
    hideBoards: 'Hide Boards',
  },
  pagination: {
    label: 'Rejected projects pages',
    previous: 'Previous page',
    next: 'Next page',
    page: (page: number) => `Page ${page}`,
  },
  approve: {
    title: 'Approve Project',
    body: (title: string) =>
      `Read the proposal for "${title}" below. Signing it approves the proposal and starts the project.`,
    subscriptionNote: (monthly: number) =>
      `This starts your monthly subscription of ${formatUsd(monthly)}/month, charged to the card below.`,
    fixedNote: (remaining: number) =>
      `The remaining ${formatUsd(remaining)} is due when the project is completed.`,
    confirm: 'Sign and Approve',
    sending: 'Signing...',
  },
  refuse: {
    title: 'Refuse Project',
    body: (title: string) => `Refuse the proposal for "${title}"? This cannot be undone.`,
    /** A paid deposit is refunded when the client refuses: said before, and in the toast after. */
    refundNote: (amount: number) => `Your ${formatUsd(amount)} deposit is refunded in full to your card.`,
    confirm: 'Refuse Project',
    sending: 'Refusing...',
  },
  cancel: {
    title: 'Cancel Project',
    body: (title: string) => `Cancel "${title}"? Work on the project stops.`,
    /** A subscription ends with the month already paid. */
    serviceEnds: (date: string) => `Service continues until ${date}, the end of the month already paid.`,
    reason: 'Reason for cancellation',
    reasonPlaceholder: 'Tell us why you are cancelling.',
    confirm: 'Cancel Project',
    sending: 'Cancelling...',
  },
  cancelPending: {
    title: 'Cancel Pending Project',
    body: (title: string) => `Cancel your request "${title}"? A paid deposit is refunded in full.`,
    confirm: 'Cancel Request',
    sending: 'Cancelling...',
  },
  penalty: {
    title: 'Early-Cancellation Penalty',
    intro: 'Your Fractional CTO subscription has a 3-month minimum term. Cancelling early incurs a penalty.',
    amount: 'Penalty',
    monthsRemaining: 'Months remaining',
    monthlyFee: 'Monthly fee',
    rule: 'The penalty is 60% of the remaining months times the monthly fee.',
    /** Issue 33: the remaining months are the months of the minimum term not yet invoiced. */
    calculation: (months: number, fee: number, amount: number) =>
      `Months of the 3-month minimum term not yet invoiced: 60% × ${months} × ${formatUsd(fee)} = ${formatUsd(amount)}.`,
    serviceEnds: 'Service ends',
    serviceEndsValue: (date: string) => `${date}, the end of the month already paid`,
    matchesSigned: (date: string, version: number) =>
      `This is the early-cancellation rule of the proposal you signed on ${date} (version ${version}).`,
    confirm: (amount: number) => `Pay ${formatUsd(amount)} and Cancel`,
    sending: 'Processing...',
  },
  finalPayment: {
    title: 'Final Payment',
    body: (title: string, amount: number) =>
      `Pay the remaining 50% of "${title}": ${formatUsd(amount)}. The project completes once the payment succeeds.`,
    confirm: (amount: number) => `Pay ${formatUsd(amount)}`,
    sending: 'Processing...',
  },
  payments: {
    title: (title: string) => `Payments: ${title}`,
  },
  renewalFailed: {
    badge: SUBSCRIPTION_STATUS_LABELS.past_due,
    title: 'Your monthly payment failed',
    body: (amount: number | undefined) =>
      `We could not charge ${amount ? formatUsd(amount) : "this month's payment"} to your card. Update your card to pay it and keep the work going.`,
    reason: (reason: string) => `Your bank said: ${reason}`,
  },
  updateCard: {
    title: 'Update Card',
    body: (title: string, amount: number | undefined) =>
      `Pay ${amount ? `the open invoice of ${formatUsd(amount)}` : 'the open invoice'} for "${title}".`,
    note: 'The card you pay with is charged now and becomes the card for the coming months.',
    confirm: (amount: number | undefined) => (amount ? `Pay ${formatUsd(amount)}` : 'Pay Now'),
    sending: 'Processing...',
  },
  profile: {
    title: 'Profile',
    name: 'Name',
    email: 'Email',
    changePassword: 'Change Password',
    loading: 'Loading...',
  },
  request: {
    title: 'Request a Service',
    intro:
      'Tell us what you need. Fixed-price tiers start with a 50% deposit; subscriptions start after a consultation.',
    serviceType: 'Service Type',
    serviceTypePlaceholder: 'Select a service',
    projectName: 'Project Name',
    description: 'Description',
    descriptionPlaceholder: 'Describe your project, goals and any must-have features.',
    budget: 'Monthly Budget',
    budgetPlaceholder: 'Select a budget range',
    timeline: 'Timeline',
    timelinePlaceholder: 'Select a timeline',
    deposit: (amount: number) => `Deposit due today (50%): ${formatUsd(amount)}`,
    termsNotice: 'By paying the deposit you agree to the',
    terms: 'Terms of Service',
    newTab: '(opens in a new tab)',
    submit: 'Submit Request',
    pay: (amount: number) => `Pay ${formatUsd(amount)} and Submit`,
    sending: 'Submitting...',
    paying: 'Processing...',
    required: VALIDATION.serviceRequest.required,
    /** Beside each missing field, under the form-level message. */
    fieldRequired: 'Required',
    descriptionTooShort: VALIDATION.customer.descriptionTooShort,
  },
  reasonRequired: VALIDATION.cancel.reasonRequired,
  toasts: {
    accepted: { title: 'Project Accepted', description: 'Your project is now active.' },
    refused: { title: 'Project Refused' },
    refusedWithRefund: (amount: number) => ({
      title: 'Project Refused',
      description: `A refund of ${formatUsd(amount)} has been issued.`,
    }),
    cancelled: { title: 'Project Cancelled' },
    cancelledWithRefund: (amount: number) => ({
      title: 'Project Cancelled',
      description: `A refund of ${formatUsd(amount)} has been issued.`,
    }),
    paymentSuccessful: (amount: number) => ({
      title: 'Payment Successful',
      description: `Your payment of ${formatUsd(amount)} was successful.`,
    }),
    invoicePaid: (amount: number | undefined) => ({
      title: 'Payment Successful',
      description: amount
        ? `Your payment of ${formatUsd(amount)} was successful. This card is used from now on.`
        : 'Your payment was successful. This card is used from now on.',
    }),
    requestSubmitted: {
      title: 'Service Request Submitted',
      description: 'We will review your request within 24-48 hours.',
    },
  },
  errors: {
    title: 'Error',
    approve: 'something went wrong while approving the project',
    refuse: 'Something went wrong while refusing the project.',
    cancel: 'Something went wrong while cancelling the project.',
    penaltyPayment: PAYMENT_MESSAGES.paymentFailed,
    finalPayment: PAYMENT_MESSAGES.paymentFailed,
    updateCard: PAYMENT_MESSAGES.paymentFailed,
    createProject: 'Failed to create project.',
    requestPayment: PAYMENT_MESSAGES.serviceRequest.paymentFailed,
    paidButNotCreated: PAYMENT_MESSAGES.serviceRequest.paidButNotCreated,
    /** A card the bank refused: said in the dialog, beside the card, with the bank's words when known. */
    cardDeclined: 'Your card was declined.',
    cardProblem: (reason: string) => `${reason} Try another card.`,
    generic: 'Something went wrong. Please try again. If the problem persists, please contact support.',
  },
} as const;
