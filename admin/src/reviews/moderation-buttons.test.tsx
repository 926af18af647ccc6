// @vitest-environment jsdom
import { Table, TableBody, TableCell, TableRow } from '@mui/material';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInAdmin } from '../../testing/render-in-admin';
import { ModerateReviewButton } from './moderation-buttons';

afterEach(cleanup);

const review = (hidden: boolean) => ({ id: 3, title: 'Too sweet', hidden });

describe('ModerateReviewButton', () => {
  it('hides a review with the trimmed reason once the undo window has passed', async () => {
    const { dataProvider } = renderInAdmin(<ModerateReviewButton />, {
      resource: 'reviews',
      record: review(false),
    });
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));

    const dialog = await screen.findByRole('dialog', { name: 'Hide this review' });
    const confirm = within(dialog).getByRole('button', { name: 'Hide' });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: '  spam  ' },
    });
    expect(confirm).toHaveProperty('disabled', false);
    fireEvent.click(confirm);

    await screen.findByText('Review hidden');
    await waitFor(() => expect(dataProvider.updateMany).toHaveBeenCalledTimes(1));
    expect(dataProvider.updateMany).toHaveBeenCalledWith(
      'reviews',
      expect.objectContaining({ ids: [3], data: { hidden: true, reason: 'spam', hiddenReason: 'spam' } }),
    );
  });

  it('asks for no reason to restore a hidden review', async () => {
    const { dataProvider } = renderInAdmin(<ModerateReviewButton />, {
      resource: 'reviews',
      record: review(true),
    });
    expect(screen.queryByRole('button', { name: 'Hide' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));

    await screen.findByText('Review restored');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(dataProvider.updateMany).toHaveBeenCalledTimes(1));
    expect(dataProvider.updateMany).toHaveBeenCalledWith(
      'reviews',
      expect.objectContaining({ ids: [3], data: { hidden: false, hiddenReason: null } }),
    );
  });

  it('sends nothing when the moderator undoes', async () => {
    const { dataProvider } = renderInAdmin(<ModerateReviewButton />, {
      resource: 'reviews',
      record: review(true),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.queryByText('Review restored')).toBeNull());
    expect(dataProvider.updateMany).not.toHaveBeenCalled();
  });

  it('keeps its clicks, and those inside its dialog, from the list row around it', async () => {
    let rowClicks = 0;
    renderInAdmin(
      // The list's row as the Datagrid renders it with rowClick="show".
      <Table>
        <TableBody>
          <TableRow onClick={() => rowClicks++}>
            <TableCell>
              <ModerateReviewButton />
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>,
      { resource: 'reviews', record: review(false) },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review' });
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowClicks).toBe(0);
  });
});
