import { useNotify, useUnselectAll, useUpdateMany, type Identifier } from 'react-admin';
import { errorMessage } from '../shared/error-message';

/** The body `PUT /admin/reviews/:id` accepts. */
export type Moderation = { hidden: true; reason: string } | { hidden: false };

const done = (count: number, hidden: boolean) =>
  `${count === 1 ? 'Review' : `${count} reviews`} ${hidden ? 'hidden' : 'restored'}`;

/**
 * The reviews as they will read once moderated, which the page shows during the undo window:
 * the reason where the record keeps it (the data provider sends the body without it).
 */
const asModerated = (moderation: Moderation) => ({
  ...moderation,
  hiddenReason: moderation.hidden ? moderation.reason : null,
});

/** Hides or restores reviews, undoable: the requests go out when the notification closes. */
export function useModeration() {
  const [updateMany, { isPending }] = useUpdateMany();
  const notify = useNotify();
  const unselectAll = useUnselectAll('reviews');

  function moderate(ids: Identifier[], moderation: Moderation) {
    void updateMany(
      'reviews',
      { ids, data: asModerated(moderation) },
      {
        mutationMode: 'undoable',
        onSuccess: () => {
          notify(done(ids.length, moderation.hidden), { type: 'info', undoable: true });
          unselectAll();
        },
        onError: (error) => notify(errorMessage(error), { type: 'error' }),
      },
    );
  }
  return { moderate, isPending };
}
