/** Messages of a consultation's preferred date and time (the form and the API alike). */
export const SCHEDULING_MESSAGES = {
  dateInvalid: 'Please enter a valid date',
  datePast: 'Preferred date cannot be in the past',
  timeInvalid: 'Please enter a valid time',
  timePast: 'Preferred time has already passed today',
  timeZoneInvalid: 'Unknown time zone',
  /** The admin's queue card. */
  preferredLabel: 'Preferred',
  noTimeZone: 'time zone not given',
} as const;
