import { HANDED_OVER_ELEMENT_ID } from '@labelwise/domain/contracts';

let answers: Map<string, unknown> | undefined;

function readAnswers(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById(HANDED_OVER_ELEMENT_ID);
  try {
    return new Map(Object.entries(JSON.parse(element?.textContent || '{}') as Record<string, unknown>));
  } catch {
    return new Map();
  }
}

/**
 * The answer to GET `path` the server sent in the page (a shared product link), taken once: it is
 * what the page loaded with, and any later ask goes to the network.
 */
export function takeHandedOver(path: string): unknown {
  answers ??= readAnswers();
  const answer = answers.get(path);
  answers.delete(path);
  return answer;
}

/** A handed-over answer without taking it (for what a page shows while it loads). */
export function peekHandedOver(path: string): unknown {
  answers ??= readAnswers();
  return answers.get(path);
}
