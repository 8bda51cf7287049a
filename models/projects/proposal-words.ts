// What a proposal's reader is told (decision 0084): its statuses, their labels and tones, every
// message and the signing consent. No imports: the client's proposal page loads these and
// nothing else of the proposals' rules (./proposals.ts re-exports them for the server).

export const PROPOSAL_STATUSES = [
  "draft",
  "sent",
  "viewed",
  "signed",
  "declined",
  "expired",
  "superseded",
  "paid",
  // Worked out from a paid row's balance dates (proposals.ts, `displayStatus`).
  "balance_due",
  "paid_in_full",
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  signed: "Signed: deposit due",
  declined: "Declined",
  expired: "Expired",
  superseded: "Superseded",
  paid: "Deposit paid",
  balance_due: "Delivered: balance due",
  paid_in_full: "Paid in full",
};

export const PROPOSAL_STATUS_TONES: Record<
  ProposalStatus,
  "neutral" | "success" | "warning" | "danger" | "info"
> = {
  draft: "neutral",
  sent: "info",
  viewed: "info",
  signed: "warning",
  declined: "danger",
  expired: "neutral",
  superseded: "neutral",
  paid: "success",
  balance_due: "warning",
  paid_in_full: "success",
};

export const PROPOSAL_MESSAGES = {
  titleRequired: "Please give the proposal a title.",
  scopeRequired: "Please write the scope.",
  clientRequired: "Please enter the client's account email.",
  organisationRequired:
    "This person belongs to several organisations: choose the one the proposal is addressed to.",
  organisationNotTheirs: "This person is not a member of that organisation: choose one of theirs.",
  clientUnknown:
    "No client account with this confirmed email. Ask them to sign up and confirm their address first, then write the proposal.",
  linesRequired: "Please add at least one line with a description and an amount.",
  lineIncomplete: (n: number) => `Line ${n}: please fill in the description, quantity and amount.`,
  lineAmount: (n: number) => `Line ${n}: the amount must be a positive number with at most two decimals.`,
  lineTokens: (n: number) => `Line ${n}: tokens are whole numbers above zero.`,
  lineQuantity: (n: number) => `Line ${n}: the quantity is a whole number from 1 to 1,000.`,
  totalTooLarge: "The total is too large for one proposal.",
  currencyRequired: "Please choose the currency.",
  depositRange: "The deposit is a whole percentage from 1 to 100.",
  validUntilInvalid: "Please choose a date from today onwards.",
  deliveryDaysRange: "Delivery days are a whole number from 1 to 730.",
  categoryInvalid: "Please choose a category.",
  tooLong: (max: number) => `Please keep this under ${max} characters.`,
  saved: "Draft saved.",
  sent: (email: string) => `Proposal sent to ${email}.`,
  notDraft: "This version has been sent and can no longer be edited. Write a new version instead.",
  draftExists: "A newer draft of this proposal already exists: edit that one.",
  cannotRevise: "A signed or paid proposal is not revised: it has become a project.",
  newerSigned: "The client signed an earlier version meanwhile: this draft can no longer be sent.",
  expiredBeforeSending: "The validity date has passed: choose a later date before sending.",
  // The client's side.
  signed: "Signed. Thank you: pay the deposit below to start the project.",
  alreadySigned: "This proposal was already signed; nothing more was recorded.",
  declined: "You declined this proposal. We have let the studio know.",
  declineReasonRequired: "Please tell us why you are declining, so we can follow up.",
  nameRequired: "Please type your full name to sign.",
  consentRequired: "Please tick the box to confirm you agree to sign electronically.",
  expired: (date: string) =>
    `This proposal expired on ${date} and can no longer be signed. Ask the studio for a new version.`,
  superseded: "This version has been replaced by a newer one and can no longer be signed.",
  notOpen: "This proposal is no longer open for signature.",
  changed: "The proposal changed since you opened it. Please read it again before signing.",
  noRight: "Only an owner or approver of your organisation can sign or decline proposals.",
  depositPaid: "Deposit paid. Your project has started.",
  taxDetailsMissing:
    "Your organisation has no tax details yet. The tax invoice carries them as they are when you pay: add your legal name, address and GSTIN or VAT number first if you need them on it.",
  taxDetailsAskBilling: "Ask an owner or billing member of your organisation to add them.",
  notSigned: "The deposit is due once the proposal is signed.",
  alreadyPaid: "The deposit has already been paid.",
  insufficientTokens: (balance: number, needed: number) =>
    `You have ${balance} tokens; the deposit needs ${needed}. Buy tokens first, then pay the deposit.`,
  // The balance (total − deposit), due once the project is delivered.
  balanceDue: (amount: string) => `Balance due: ${amount}`,
  balanceIntro: "The project has been delivered: the rest of the proposal's price is now due.",
  balancePaid: "Paid in full. Thank you: the tax invoice and receipt are on their way.",
  paidInFull: "Paid in full: the deposit and the balance are both paid.",
  balanceNotDue: "Nothing more is due yet: the balance is due once the project is delivered.",
  balanceAlreadyPaid: "The balance has already been paid.",
  noRightToPayBalance: "Only an owner or a billing member of your organisation can pay the balance.",
  insufficientTokensBalance: (balance: number, needed: number) =>
    `You have ${balance} tokens; the balance needs ${needed}. Buy tokens first, then pay the balance.`,
} as const;

export const SIGNING_CONSENT =
  "I have read this proposal and its terms, and I agree to sign it electronically. My typed name is my signature.";
