import { useNotify, useUnselectAll, useUpdateMany, type Identifier } from 'react-admin';
import { errorMessage } from '../shared/error-message';

/** The body `PUT /admin/reviews/:id` accepts. */
export type Moderation = { hidden: true; reason: string } | { hidden: false };

const done = (count: number, hidden: boolean) =>
  `${count === 1 ? 'Review' : `${count} reviews`} ${hidden ? 'hidden' : 'restored'}`;

/** Hides or restores reviews, undoable: the requests go out when the notification closes. */
export function useModeration() {
  const [updateMany, { isPending }] = useUpdateMany();
  const notify = useNotify();
  const unselectAll = useUnselectAll('reviews');

  function moderate(ids: Identifier[], moderation: Moderation) {
    void updateMany(
      'reviews',
      { ids, data: moderation },
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
