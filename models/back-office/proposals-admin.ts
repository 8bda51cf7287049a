// Which inbox items a proposal can answer (decision 0084): quote requests, collaborations and
// investors. Pure: the submission page shows its "Write a proposal" button from it.
export const PROPOSAL_SOURCE_TYPES = [
  "service_quote",
  "collaboration",
  "investment_inquiry",
  "investor_meeting",
] as const;

export const canAnswerWithProposal = (type: string) =>
  (PROPOSAL_SOURCE_TYPES as readonly string[]).includes(type);
