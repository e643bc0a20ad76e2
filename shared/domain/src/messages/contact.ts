// The contact section's texts and promises (spec sections 2, 8 and 9).
export const CONTACT_RESPONSE_HOURS = 24;
export const QUICK_CALL_MINUTES = 15;

export const CONTACT_TOASTS = {
  success: { title: 'Message sent successfully!', description: "We'll get back to you within 24 hours." },
  failure: { title: 'Error', description: 'Failed to send message. Please try again.' },
} as const;

/** The 'What to Expect' list beside the contact form. */
export const CONTACT_EXPECTATIONS = [
  `Response within ${CONTACT_RESPONSE_HOURS} hours`,
  'Detailed project proposal',
  'Clear timeline and milestones',
  'Transparent pricing structure',
] as const;
