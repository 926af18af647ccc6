import type { UserEvent } from '@labelwise/domain';
import { foldUser, newUser, type UserDocument } from '@labelwise/domain';
import type { RecordedEvent } from '@labelwise/event-store';

/**
 * The documents of the users a batch is about, each folded on from its document in `known` or,
 * for the read models that need no stored row (a field the batch sets whole, a count it adds
 * to), from a new user's.
 */
export function foldUsers(
  events: readonly RecordedEvent<UserEvent>[],
  known: Map<string, UserDocument> = new Map(),
): Map<string, UserDocument> {
  const users = new Map(known);
  for (const event of events) {
    const { uid } = event.data;
    users.set(uid, foldUser(users.get(uid) ?? newUser, event));
  }
  return users;
}
