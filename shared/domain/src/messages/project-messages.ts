/** Why the project state machine refused an event (sent with 409). */
export const PROJECT_TRANSITION_MESSAGES = {
  cancelled: 'This project has been cancelled.',
  notPendingForAdmin: 'Only a pending project can be accepted or refused.',
  alreadyAcceptedByAdmin: 'This project has already been accepted.',
  notAwaitingClient: 'This project is not awaiting your approval.',
  editBlocked: 'This project can no longer be edited: both sides have accepted it.',
  editClosed: 'A refused or completed project cannot be edited.',
  notActive: 'Only an active project can be completed or cancelled.',
  notPendingFinalPayment: 'This project is not awaiting its final payment.',
  notPendingForClientCancel: 'Only a pending project can be cancelled this way.',
  reasonRequired: 'A cancellation reason is required.',
} as const;
