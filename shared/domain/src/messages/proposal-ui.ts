import { formatUsd } from '../money';

/** What the portals say about proposals and signed agreements (issue 33). */
export const PROPOSAL_UI = {
  loading: 'Loading the proposal...',
  loadFailed: "We're having trouble loading the proposal.",
  version: (version: number) => `Version ${version}`,
  signature: {
    heading: 'Sign the proposal',
    agree: 'I agree to this proposal and to the Terms of Service it refers to.',
    name: 'Your full name',
    nameHelp: 'Typing your name signs the proposal electronically.',
    nothingBefore: 'Nothing is charged before you sign.',
    subscriptionCharge: (monthly: number) =>
      `Signing starts your monthly subscription of ${formatUsd(monthly)}/month, charged to the card below today and then monthly.`,
    fixedCharge: (remaining: number) =>
      `Nothing is charged now. The remaining ${formatUsd(remaining)} is due when the project is completed.`,
  },
  signed: (name: string, at: string, version: number) => `Signed by ${name} on ${at} (version ${version}).`,
  hash: 'SHA-256',
  download: 'Signed Agreement (PDF)',
  downloading: 'Downloading...',
  downloadFailed: 'The signed agreement could not be downloaded. Please try again.',
  view: 'View Proposal',
  viewTitle: (title: string) => `Proposal: ${title}`,
  close: 'Close',
  admin: {
    send: 'Send Proposal',
    sending: 'Sending...',
    sendTitle: 'Send Proposal',
    editTitle: 'Edit Proposal',
    editNote: (version: number) =>
      `The client sees version ${version} now. Saving sends a new version; the client can then only sign the new one.`,
    edit: 'Edit Proposal',
    save: 'Send New Version',
    scope: 'Scope',
    scopeHelp:
      'Short formatted text: paragraphs separated by a blank line; lines starting with "- " become a list.',
    deliverables: 'Deliverables or milestones (one per line)',
    monthlyFee: 'Monthly fee (USD per month)',
    fixedPrice: (total: number, deposit: number) =>
      `Fixed price ${formatUsd(total)}, with a 50% deposit of ${formatUsd(deposit)}.`,
    validUntil: 'Valid until',
    terms: 'Under the Terms of Service version 1.0, June 15, 2025.',
    history: 'Versions sent',
    historyRow: (version: number, at: string, fee: number | null) =>
      `Version ${version}, ${at}${fee !== null ? `, ${formatUsd(fee)}/month` : ''}`,
    sent: 'Proposal Sent',
    sentBody: (version: number) => `Version ${version} is with the client.`,
  },
} as const;
