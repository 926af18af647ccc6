import type { ChipProps } from '@mui/material';
import type { AdminOffContributionResponse } from '@labelwise/domain/contracts';

type ContributionState = AdminOffContributionResponse['state'];

/** Each state of a label given back to Open Food Facts, as the console says it, with its chip colour. */
export const contributionStates: Record<ContributionState, { name: string; colour: ChipProps['color'] }> = {
  queued: { name: 'Queued', colour: 'default' },
  sending: { name: 'Sending', colour: 'info' },
  sent: { name: 'Sent', colour: 'success' },
  rejected: { name: 'Refused', colour: 'warning' },
  failed: { name: 'Failed', colour: 'error' },
};

export const stateChoices = Object.entries(contributionStates).map(([id, { name }]) => ({ id, name }));

/** OFF's own words in its JSON answer (`status_verbose`), else the answer as recorded. */
function offMessage(answer: string): string {
  try {
    const body: unknown = JSON.parse(answer);
    if (
      body &&
      typeof body === 'object' &&
      'status_verbose' in body &&
      typeof body.status_verbose === 'string'
    )
      return body.status_verbose;
  } catch {
    // Not JSON: an error page, or why the label was not sent.
  }
  return answer;
}

/** What OFF answered: its HTTP status and message, or why the label was not sent. */
export function offAnswer({
  httpStatus,
  answer,
}: Pick<AdminOffContributionResponse, 'httpStatus' | 'answer'>) {
  const message = answer === null ? '' : offMessage(answer);
  if (httpStatus === null) return message;
  return message ? `HTTP ${httpStatus}: ${message}` : `HTTP ${httpStatus}`;
}
