import type { EventData, EventType } from './catalogue';
import { streams } from './catalogue';

/**
 * Personal data in event payloads, declared once: for each event type, the parts the event store
 * seals with their subject's key (kept outside the log) and the values they read as once that key
 * is destroyed. The forgotten values are valid payloads, so every fold and read model replays an
 * erased user's events unchanged.
 *
 * A subject is whose key seals a part: a user (`user-{uid}`), or a review's text (`review-{id}`),
 * which outlives its author's key when they leave their reviews as "Anonymous User".
 */
export interface PersonalPart<Data> {
  /** Whose key seals the part: the kind of subject and the payload field holding its id (none when null). */
  subject: { kind: SubjectKind; field: keyof Data & string };
  /** The personal fields and the value each reads as once forgotten. */
  forgotten: Partial<Data>;
}

export type SubjectKind = 'user' | 'review';

/** A subject's name: the stream of the user or review it is. */
export const subjectName = (kind: SubjectKind, id: string) =>
  kind === 'user' ? streams.user(id) : streams.review(id);

export type PersonalDataCatalogue = { [T in EventType]?: readonly PersonalPart<EventData<T>>[] };

/** A username that is gone with its user. */
export const FORGOTTEN_USERNAME = 'Deleted user';
/** The author's name on a review posted without a username, or left by a deleted account. */
export const ANONYMOUS_AUTHOR = 'Anonymous User';
/** A removed review's comment. */
export const FORGOTTEN_REVIEW_TEXT = 'This review was removed.';
/** Who created or labelled a product once their account is deleted: nobody's uid. */
export const FORGOTTEN_USER_ID = 'deleted-user';
/** A suspension's reason, which may quote the user. */
export const FORGOTTEN_REASON = 'Removed with the account.';

const reviewText = { title: null, comment: FORGOTTEN_REVIEW_TEXT };
const ofUser = <Field extends string>(field: Field) => ({ kind: 'user', field }) as const;
const ofReview = { kind: 'review', field: 'reviewId' } as const;

export const personalData: PersonalDataCatalogue = {
  UserRegistered: [{ subject: ofUser('uid'), forgotten: { email: null, displayName: null } }],
  UsernameSet: [{ subject: ofUser('uid'), forgotten: { username: FORGOTTEN_USERNAME, previous: null } }],
  UsernameClaimed: [{ subject: ofUser('uid'), forgotten: { username: FORGOTTEN_USERNAME } }],
  UsernameReleased: [{ subject: ofUser('uid'), forgotten: { username: FORGOTTEN_USERNAME } }],
  UserSuspended: [{ subject: ofUser('uid'), forgotten: { reason: FORGOTTEN_REASON } }],
  ReviewPosted: [
    { subject: ofUser('authorUid'), forgotten: { username: ANONYMOUS_AUTHOR } },
    { subject: ofReview, forgotten: reviewText },
  ],
  ReviewRevised: [{ subject: ofReview, forgotten: reviewText }],
  ProductCreated: [{ subject: ofUser('createdBy'), forgotten: { createdBy: FORGOTTEN_USER_ID } }],
  ProductLabelContributed: [
    { subject: ofUser('contributedBy'), forgotten: { contributedBy: FORGOTTEN_USER_ID } },
  ],
};

type AnyPart = PersonalPart<Record<string, unknown>>;

/** The personal parts of an event of this type (none for most). */
export function personalPartsOf(type: string): readonly AnyPart[] {
  return (personalData as Partial<Record<string, readonly AnyPart[]>>)[type] ?? [];
}

/** The subject whose key seals this part of a payload; null when the payload names nobody there. */
export function subjectOf(part: AnyPart, data: Record<string, unknown>): string | null {
  const id = data[part.subject.field];
  return typeof id === 'string' ? subjectName(part.subject.kind, id) : null;
}
